import { HttpError, type Transformer } from "grammy";
import type { Logger } from "../../logger.ts";

export type ApiErrorListener = (method: string, code: string) => void;

/**
 * Sees every Bot API call as it goes over the wire (installed before auto-retry, so each failed
 * attempt is seen). Counts failures by method and code; logs failed polling, which nothing else
 * reports (the runner is kept silent so that its console output cannot bypass log redaction).
 */
export function observeApiErrors(logger: Logger, onError: ApiErrorListener | undefined): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      const response = await prev(method, payload, signal);
      if (!response.ok) {
        onError?.(method, String(response.error_code));
        if (method === "getUpdates") {
          logger.warn({ method, code: response.error_code, description: response.description }, "polling failed; retrying");
        }
      }
      return response;
    } catch (error) {
      if (!signal?.aborted) {
        onError?.(method, "network");
        if (method === "getUpdates") {
          logger.warn({ method, err: error instanceof HttpError ? error.message : String(error) }, "polling failed; retrying");
        }
      }
      throw error;
    }
  };
}
