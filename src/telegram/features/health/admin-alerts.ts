import type { Logger } from "../../../logger.ts";
import type { EnquiryListener } from "../../../payments/check.ts";
import { tokenFingerprint } from "../../../payments/service-token/service-token.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import type { Messenger } from "../../notify/messenger.ts";

export interface TokenRejectionAlertOptions {
  messenger: Pick<Messenger, "send">;
  /** Remembers which tokens were reported, across restarts and instances. */
  kv: KeyValueStore;
  logger: Logger;
  /** The token in use, to tell a rejection of the same token from one of a rotated token. */
  currentToken: () => string | undefined;
  /**
   * The bot obtains its token itself (client credentials): a refused token was renewed and the new
   * one refused too, so the credentials' rights or ENQUIRY_HEADERS are at fault. Told once a day at
   * most, not once per token: each renewal brings a new one.
   */
  renewedByBot?: boolean;
}

/** How long a rejected token is remembered as reported: longer than anyone would leave one in place. */
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When the provider rejects the service token (401/403), every user asking gets the same answer;
 * the operator needs to hear it once, not once per request: one error log line and one message to
 * the admins per token value, whichever instance sees it first. A rotated token that is rejected
 * in turn is reported again.
 */
export function alertOnTokenRejection({ messenger, kv, logger, currentToken, renewedByBot = false }: TokenRejectionAlertOptions): EnquiryListener {
  return (record, outcome) => {
    if (outcome.type !== "unauthorized") return;
    const fingerprint = tokenFingerprint(currentToken());
    const [key, rememberMs] = renewedByBot ? ["token-rejected:obtained", DAY_MS] : [`token-rejected:${fingerprint}`, REMEMBER_MS];
    void (async () => {
      if (!(await kv.setIfAbsent(key, "1", rememberMs))) return;
      logger.error({ httpStatus: outcome.httpStatus, kind: record.kind, tokenFingerprint: fingerprint }, renewedByBot ? "the provider rejected a service token the bot had just obtained" : "the provider rejected the service token");
      const text = renewedByBot ? "admin-token-rejected-obtained" : "admin-token-rejected";
      await messenger.send("the token's rejection to the admins", "admins", (reader) => reader.t(text, { status: String(outcome.httpStatus ?? "none") }));
    })().catch((error: unknown) => logger.error({ err: error }, "could not record the token rejection"));
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A web server's error page where the API should be (an HTML 404 or 405): ENQUIRY_BASE_URL looks
 * wrong, and every check answers "could not check". The admins hear it once, whichever instance
 * sees it first, and again a day later if it still happens, or after an answer from the API itself
 * showed the address right meanwhile.
 */
export function alertOnWrongAddress({ messenger, kv, logger }: Omit<TokenRejectionAlertOptions, "currentToken" | "renewedByBot">): EnquiryListener {
  const key = "enquiry-address:wrong";
  /** Whether this process knows the mark is set: an answer only costs a store call when it would change it. */
  let marked = false;
  return (record, outcome) => {
    const wrong = outcome.type === "upstream_error" && outcome.hint === "wrong_address";
    const answeredByApi = outcome.type === "found" || outcome.type === "not_found";
    if (!wrong) {
      if (answeredByApi && marked) {
        marked = false;
        void kv.delete(key).catch((error: unknown) => logger.warn({ err: error }, "could not clear the wrong address's mark"));
      }
      return;
    }
    if (marked) return;
    marked = true;
    void (async () => {
      if (!(await kv.setIfAbsent(key, "1", DAY_MS))) return;
      logger.error({ kind: record.kind, httpStatus: outcome.httpStatus, reason: outcome.reason }, "the enquiry address answers with a web server's error page: ENQUIRY_BASE_URL looks wrong");
      await messenger.send("the wrong address to the admins", "admins", (reader) =>
        reader.t("admin-address-wrong", { kind: reader.t(record.kind === "collection" ? "kind-collection" : "kind-airtime"), status: String(outcome.httpStatus ?? "none") }),
      );
    })().catch((error: unknown) => logger.error({ err: error }, "could not tell the admins of the wrong address"));
  };
}
