import { ServiceTokenError } from "../payments/service-token/service-token.ts";
import { StateUnavailableError } from "../state/ports.ts";
import { NotAMasterError } from "../state/redis/connection.ts";
import { StateFileError } from "../state/sqlite/open-database.ts";
import { StartupCallError } from "../telegram/transport/startup-calls.ts";

/**
 * Why the bot cannot start, when that is something the operator must fix (the state file is in
 * use, Redis does not answer or REDIS_URL names a replica, Telegram refused a start-up call, the
 * token file holds no token fit to send): the error's own sentence, written for them and holding
 * no secret. Anything else is a fault in the bot, logged whole, stack included.
 */
export function operatorReason(error: unknown): string | undefined {
  if (
    error instanceof StateFileError ||
    error instanceof StateUnavailableError ||
    error instanceof NotAMasterError ||
    error instanceof StartupCallError ||
    error instanceof ServiceTokenError
  )
    return error.message;
  return undefined;
}
