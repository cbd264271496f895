import type { DestinationStream } from "pino";
import { createLogger, SecretSet, type Logger } from "../../src/logger.ts";

/** A logger whose JSON lines are kept in memory, for assertions (including "no secret leaked"). */
export function captureLogs(secretValues: string[] = [], level = "debug"): { logger: Logger; lines: string[]; entries: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
  const secrets = new SecretSet();
  secretValues.forEach((value) => secrets.add(value));
  const logger = createLogger({ level, secrets, destination });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
