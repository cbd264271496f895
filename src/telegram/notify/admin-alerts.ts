import { createHash } from "node:crypto";
import type { Api } from "grammy";
import type { EnquiryOutcome } from "../../payments/enquiry/types.ts";
import type { Logger } from "../../logger.ts";
import type { EnquiryListener, EnquiryRecord } from "../check.ts";
import { DEFAULT_LOCALE, Translations } from "../i18n.ts";

export interface TokenRejectionAlertOptions {
  api: Api;
  logger: Logger;
  /** Where to alert; when unset, the rejection is only logged. */
  adminChatId: number | undefined;
  /** The token in use, to tell a rejection of the same token from one of a rotated token. */
  currentToken: () => string | undefined;
}

/**
 * When the provider rejects the service token (401/403), every user asking gets the same answer;
 * the operator needs to hear it once, not once per request: one error log line and one admin
 * message per token value. A rotated token that is rejected in turn is reported again.
 */
export function alertOnTokenRejection({ api, logger, adminChatId, currentToken }: TokenRejectionAlertOptions): EnquiryListener {
  const t = new Translations().translatorFor(DEFAULT_LOCALE);
  const reported = new Set<string>();
  return (record: EnquiryRecord, outcome: EnquiryOutcome) => {
    if (outcome.type !== "unauthorized") return;
    // A fingerprint, so that not even memory dumps of this set hold the token itself.
    const fingerprint = createHash("sha256").update(currentToken() ?? "").digest("hex").slice(0, 16);
    if (reported.has(fingerprint)) return;
    reported.add(fingerprint);
    logger.error({ httpStatus: outcome.httpStatus, kind: record.kind, tokenFingerprint: fingerprint }, "the provider rejected the service token");
    if (adminChatId === undefined) return;
    api.sendMessage(adminChatId, t("admin-token-rejected", { status: String(outcome.httpStatus ?? "none") })).catch((error: unknown) => {
      logger.error({ err: String(error), adminChatId }, "could not alert the admin chat");
    });
  };
}
