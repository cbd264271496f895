import { pino, type Logger as PinoLogger } from "pino";
import type { Logger } from "../logger.ts";
import type { EnquiryRecord } from "../payments/check.ts";

export interface AuditTrail {
  record(entry: EnquiryRecord): void;
  close(): Promise<void>;
}

/**
 * One JSON line per enquiry (time, user, chat, kind, transaction ID, outcome, latency), appended
 * to its own file for shipping and retention. Records hold no token by construction; the file
 * logger also applies no redaction because there is nothing to redact.
 */
export function fileAuditTrail(path: string, logger: Logger): AuditTrail {
  const destination = pino.destination({ dest: path, append: true, mkdir: true, sync: false });
  destination.on("error", (error: unknown) => logger.error({ err: error }, "cannot write the audit trail"));
  const audit: PinoLogger = pino({ base: undefined, timestamp: false, messageKey: "event" }, destination);
  return {
    record: (entry) => audit.info(entry, "enquiry"),
    // Ends the stream once every line is written (and the file is open, which is asynchronous).
    close: () =>
      new Promise<void>((resolve) => {
        destination.once("close", () => resolve());
        destination.end();
      }),
  };
}
