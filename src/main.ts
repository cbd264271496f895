import dotenv from "dotenv";
import { startApp } from "./app/app.ts";
import { exitAfterFlush, exitOnUnexpectedErrors, stopOnSignals } from "./app/process.ts";
import { configSecrets, parseConfig } from "./config.ts";
import { createLogger, SecretSet, startupLogger } from "./logger.ts";

// config → logger → build and run → signals. Everything else lives in app/.
dotenv.config({ quiet: true });
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  const logger = startupLogger();
  logger.fatal({ problems: parsed.problems }, "the bot cannot start; fix its configuration (see .env.example)");
  await exitAfterFlush(logger, 1);
} else {
  const { config } = parsed;
  const secrets = new SecretSet();
  configSecrets(config).forEach((secret) => secrets.add(secret));
  const logger = createLogger({ level: config.logLevel, secrets });
  exitOnUnexpectedErrors(logger);
  try {
    const app = await startApp(config, logger, secrets);
    stopOnSignals((reason) => app.stop(reason), logger);
    app.failed.catch(async (error: unknown) => {
      logger.fatal({ err: error }, "polling stopped: is another instance running with this bot token?");
      await exitAfterFlush(logger, 1);
    });
  } catch (error) {
    logger.fatal({ err: error }, "the bot cannot start");
    await exitAfterFlush(logger, 1);
  }
}
