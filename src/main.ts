import dotenv from "dotenv";
import { startApp } from "./app/app.ts";
import { abortStartOnSignals, exitAfterFlush, exitOnUnexpectedErrors, stopOnSignals } from "./app/process.ts";
import { operatorReason } from "./app/start-failure.ts";
import { configSecrets, parseConfig } from "./config/config.ts";
import { createLogger, SecretSet, startupLogger } from "./logger.ts";
import { StartupStoppedError } from "./telegram/transport/startup-calls.ts";

// config → logger → build and run → signals. Everything else lives in app/.
dotenv.config({ quiet: true });
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  const logger = startupLogger({ terminal: process.stderr.isTTY === true });
  logger.fatal({ problems: parsed.problems }, "the bot cannot start; fix its configuration (see .env.example)");
  await exitAfterFlush(logger, 1);
} else {
  const { config } = parsed;
  const secrets = new SecretSet();
  configSecrets(config).forEach((secret) => secrets.add(secret));
  const logger = createLogger({ level: config.logLevel, secrets });
  exitOnUnexpectedErrors(logger);
  const starting = abortStartOnSignals(logger);
  try {
    const app = await startApp(config, logger, secrets, starting.signal);
    starting.done();
    const stopAsSignalled = stopOnSignals((reason) => app.stop(reason), logger);
    // A signal that came as the start was ending: stop now, as it asked.
    if (starting.signal.aborted) stopAsSignalled(starting.signal.reason as NodeJS.Signals);
    app.failed.catch(async (error: unknown) => {
      logger.fatal({ err: error }, "polling stopped: is another instance running with this bot token?");
      await exitAfterFlush(logger, 1);
    });
  } catch (error) {
    if (error instanceof StartupStoppedError) {
      logger.info({ signal: error.signal }, "stopped during start-up");
      await exitAfterFlush(logger, 0);
    }
    const reason = operatorReason(error);
    if (reason === undefined) {
      logger.fatal({ err: error }, "the bot cannot start");
      await exitAfterFlush(logger, 1);
    }
    // The sentence alone: on a terminal as plain text (after the log lines before it), else as the log's JSON line.
    const report = process.stdout.isTTY === true ? startupLogger({ terminal: true, secrets }) : logger;
    if (report !== logger) await new Promise<void>((resolve) => logger.flush(() => resolve()));
    report.fatal({ reason }, "the bot cannot start");
    await exitAfterFlush(report, 1);
  }
}
