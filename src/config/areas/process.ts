import { z } from "zod";
import { integer, optional, trimmed, withDefault } from "../values.ts";

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** The running process: its time zone, its logs and audit trail, how long it takes to stop. */
export interface ProcessSettings {
  /** IANA time zone of the times shown to users and of report file names (BOT_TIMEZONE). */
  timeZone: string;
  auditLogFile: string | undefined;
  shutdownGraceMs: number;
  logLevel: LogLevel;
}

export const processVariables = z.object({
  BOT_TIMEZONE: withDefault(
    trimmed.refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        // Not a zone Intl knows: the rule's message says what is wanted.
        return false;
      }
    }, "must be an IANA time zone name, such as Africa/Accra, Europe/Paris or UTC"),
    "UTC",
  ),
  AUDIT_LOG_FILE: optional(trimmed),
  SHUTDOWN_GRACE_MS: withDefault(integer(0, 600_000), 10_000),
  LOG_LEVEL: withDefault(trimmed.toLowerCase().pipe(z.enum(logLevels)), "info"),
});

export function processSettings(env: z.output<typeof processVariables>): ProcessSettings {
  return { timeZone: env.BOT_TIMEZONE, auditLogFile: env.AUDIT_LOG_FILE, shutdownGraceMs: env.SHUTDOWN_GRACE_MS, logLevel: env.LOG_LEVEL };
}
