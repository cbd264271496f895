import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { EnquiryListener } from "../../payments/check.ts";
import { tokenFingerprint } from "../../payments/enquiry/service-token.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import { sendOutsideUpdate } from "./send-outside-update.ts";

/** Messages for the operators' chat (ADMIN_CHAT_ID), sent from outside any update. */
export interface AdminAlerts {
  /** Whether alerts go anywhere (ADMIN_CHAT_ID is set); users are told when they do. */
  readonly enabled: boolean;
  send(text: string): Promise<void>;
}

export function adminAlerts(api: Api, adminChatId: number | undefined, logger: Logger): AdminAlerts {
  let to = adminChatId;
  return {
    enabled: adminChatId !== undefined,
    async send(text) {
      if (to === undefined) return;
      const sentTo = await sendOutsideUpdate("an alert to the admin chat", to, (chatId) => api.sendMessage(chatId, text), logger);
      if (sentTo !== undefined && sentTo !== to) {
        logger.warn({ adminChatId, newChatId: sentTo }, "the admin chat became a supergroup: alerts go to its new ID; set ADMIN_CHAT_ID to it");
        to = sentTo;
      }
    },
  };
}

export interface TokenRejectionAlertOptions {
  alerts: AdminAlerts;
  /** Remembers which tokens were reported, across restarts and instances. */
  kv: KeyValueStore;
  logger: Logger;
  /** The token in use, to tell a rejection of the same token from one of a rotated token. */
  currentToken: () => string | undefined;
  /** The alert's text (in the default language), given the HTTP status the provider answered. */
  message: (httpStatus: string) => string;
}

/** How long a rejected token is remembered as reported: longer than anyone would leave one in place. */
const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;


/**
 * When the provider rejects the service token (401/403), every user asking gets the same answer;
 * the operator needs to hear it once, not once per request: one error log line and one admin
 * message per token value, whichever instance sees it first. A rotated token that is rejected in
 * turn is reported again.
 */
export function alertOnTokenRejection({ alerts, kv, logger, currentToken, message }: TokenRejectionAlertOptions): EnquiryListener {
  return (record, outcome) => {
    if (outcome.type !== "unauthorized") return;
    const fingerprint = tokenFingerprint(currentToken());
    void (async () => {
      if (!(await kv.setIfAbsent(`token-rejected:${fingerprint}`, "1", REMEMBER_MS))) return;
      logger.error({ httpStatus: outcome.httpStatus, kind: record.kind, tokenFingerprint: fingerprint }, "the provider rejected the service token");
      await alerts.send(message(String(outcome.httpStatus ?? "none")));
    })().catch((error: unknown) => logger.error({ err: error }, "could not record the token rejection"));
  };
}
