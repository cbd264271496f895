import type { Logger } from "../logger.ts";

/** Exits once every buffered log line is written. */
export function exitAfterFlush(logger: Logger, code: number): Promise<never> {
  return new Promise<never>(() => {
    logger.flush(() => process.exit(code));
  });
}

/**
 * The last resort: an error nothing else caught is logged through the masking logger (Node's own
 * report would print the error whole, payloads and tokens included), then the process exits 1.
 * Node's warnings are logged the same way.
 */
export function exitOnUnexpectedErrors(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.fatal({ err: reason }, "unhandled promise rejection");
    void exitAfterFlush(logger, 1);
  });
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    void exitAfterFlush(logger, 1);
  });
  // Node prints its warnings (deprecations, too many listeners) raw on stderr: they go through the log instead.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => logger.warn({ warning: { name: warning.name, message: warning.message } }, "Node.js warning"));
}

/**
 * While the bot starts, SIGINT/SIGTERM abort the start (the signal says which): it ends as soon as
 * it can, instead of Node's default of dying without a word; a second signal exits at once, should
 * a step be slow to end. `done` hands the signals over to stopOnSignals once the bot runs.
 */
export function abortStartOnSignals(logger: Logger): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) {
      controller.abort(signal);
      return;
    }
    logger.warn({ signal }, "second signal during start-up: exiting now");
    void exitAfterFlush(logger, 1);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    done() {
      process.removeListener("SIGINT", onSignal);
      process.removeListener("SIGTERM", onSignal);
    },
  };
}

/** SIGINT/SIGTERM stop gracefully; a second signal exits at once. Returns what a signal does, to stop as one would. */
export function stopOnSignals(stop: (reason: string) => Promise<void>, logger: Logger): (signal: NodeJS.Signals) => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, "second signal: exiting now");
      void exitAfterFlush(logger, 1);
      return;
    }
    stopping = true;
    stop(signal).then(
      () => exitAfterFlush(logger, 0),
      (error: unknown) => {
        logger.error({ err: error }, "error while stopping");
        return exitAfterFlush(logger, 1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return onSignal;
}
