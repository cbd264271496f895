import dotenv from "dotenv";
import { createBot } from "./bot/create-bot.ts";
import { InFlightUpdates } from "./bot/middleware/in-flight.ts";
import { startPolling } from "./bot/polling.ts";
import { parseConfig } from "./config.ts";
import { createEnquiryClient } from "./enquiry/client.ts";
import { createLogger, SecretSet } from "./logger.ts";

/**
 * The composition root: the only place that reads the environment and wires the parts together.
 */
async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    process.stderr.write(
      `The bot cannot start; fix its configuration (see .env.example):\n${parsed.problems.map((p) => `  - ${p}`).join("\n")}\n`,
    );
    process.exit(1);
  }
  const { config } = parsed;

  const secrets = new SecretSet();
  secrets.add(config.telegram.botToken);
  secrets.add(config.enquiry.token);
  secrets.add(config.webhook.secret);
  const logger = createLogger({ level: config.logLevel, secrets });

  const token = config.enquiry.token;
  const client = createEnquiryClient({
    baseUrl: config.enquiry.baseUrl,
    token: () => token,
    timeoutMs: config.enquiry.timeoutMs,
    totalTimeoutMs: config.enquiry.totalTimeoutMs,
    retries: config.enquiry.retries,
    connections: config.enquiry.connections,
    observer: {
      onRetry: (event) => logger.debug(event, "retrying enquiry"),
    },
  });

  const inFlight = new InFlightUpdates();
  const bot = createBot({ config, enquiry: client, logger, inFlight });

  try {
    await bot.init();
  } catch (error) {
    logger.fatal({ err: String(error) }, "cannot reach Telegram or the bot token was rejected");
    await exit(logger, 1);
  }
  const polling = await startPolling(bot, inFlight, logger);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "second signal: exiting now");
      await exit(logger, 1);
    }
    stopping = true;
    logger.info({ signal, inFlight: inFlight.count }, "stopping: finishing in-flight replies");
    const { drained } = await polling.stop(config.shutdownGraceMs);
    if (!drained) logger.warn({ inFlight: inFlight.count }, "shutdown grace period over; some replies were not sent");
    await client.close();
    logger.info("stopped");
    await exit(logger, 0);
  };
  process.on("SIGINT", (signal) => void shutdown(signal));
  process.on("SIGTERM", (signal) => void shutdown(signal));

  polling.stopped.then(
    () => {
      if (!stopping) void shutdown("polling ended");
    },
    async (error: unknown) => {
      logger.fatal({ err: String(error) }, "polling stopped: is another instance running with this token?");
      await exit(logger, 1);
    },
  );
}

function exit(logger: ReturnType<typeof createLogger>, code: number): Promise<never> {
  return new Promise<never>(() => {
    logger.flush(() => process.exit(code));
  });
}

await main();
