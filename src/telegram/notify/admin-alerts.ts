import type { Logger } from "../../logger.ts";
import type { EnquiryListener } from "../../payments/check.ts";
import { tokenFingerprint } from "../../payments/enquiry/service-token.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import type { Messenger } from "./messenger.ts";

export interface TokenRejectionAlertOptions {
  messenger: Pick<Messenger, "send">;
  /** Remembers which tokens were reported, across restarts and instances. */
  kv: KeyValueStore;
  logger: Logger;
  /** The token in use, to tell a rejection of the same token from one of a rotated token. */
  currentToken: () => string | undefined;
}

/** How long a rejected token is remembered as reported: longer than anyone would leave one in place. */
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When the provider rejects the service token (401/403), every user asking gets the same answer;
 * the operator needs to hear it once, not once per request: one error log line and one message to
 * the admins per token value, whichever instance sees it first. A rotated token that is rejected
 * in turn is reported again.
 */
export function alertOnTokenRejection({ messenger, kv, logger, currentToken }: TokenRejectionAlertOptions): EnquiryListener {
  return (record, outcome) => {
    if (outcome.type !== "unauthorized") return;
    const fingerprint = tokenFingerprint(currentToken());
    void (async () => {
      if (!(await kv.setIfAbsent(`token-rejected:${fingerprint}`, "1", REMEMBER_MS))) return;
      logger.error({ httpStatus: outcome.httpStatus, kind: record.kind, tokenFingerprint: fingerprint }, "the provider rejected the service token");
      await messenger.send("the token's rejection to the admins", "admins", (reader) => reader.t("admin-token-rejected", { status: String(outcome.httpStatus ?? "none") }));
    })().catch((error: unknown) => logger.error({ err: error }, "could not record the token rejection"));
  };
}
