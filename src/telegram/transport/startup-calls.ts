import { describeTelegramFailure } from "./errors.ts";

/**
 * A Bot API call made at start failed. Only Telegram's description (or the network error's
 * message) is kept: the error grammY throws also holds the call's payload, and setWebhook's
 * payload holds the webhook secret.
 */
export class StartupCallError extends Error {
  constructor(
    readonly method: string,
    readonly description: string,
  ) {
    super(`${method} failed: ${description}`);
    this.name = "StartupCallError";
  }
}

/** Runs a start-up call (getMe, setWebhook, deleteWebhook, setMyCommands), rethrowing only what is safe to log. */
export async function startupCall<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StartupCallError(method, describeTelegramFailure(error));
  }
}
