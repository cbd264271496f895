import { FormattedString, mentionUser } from "@grammyjs/parse-mode";
import { isFinal, type EnquiryOutcome } from "../../../payments/enquiry/types.ts";
import type { Scope } from "../../../payments/query.ts";
import type { ChatWatch, Notice, Subscriber, Target } from "../../../payments/watches/target.ts";
import type { Translate } from "../../views/format/translate.ts";
import { formatOutcomeBlock, markerOf, shortOutcomeText } from "../../views/format/outcome.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { bold, concat, fitMessage, formatClock, line, mono, type Clock } from "../../views/format/text.ts";

/** What the give-up messages say about the time waited. */
export interface GiveUpTimes {
  maxHours: number;
  notFoundMinutes: number;
}

/**
 * The message a watch ends with: the full final answer when the payment settled, or why the bot
 * stopped waiting and what to do (with the references to quote to the provider). Groups mention
 * every subscriber, so each of their phones rings. Pure, and exhaustive over the reasons.
 */
export function formatNotice(notice: Notice, scope: Scope, t: Translate, times: GiveUpTimes): FormattedString {
  const sections: FormattedString[] = [];
  switch (notice.reason) {
    case "settled":
      sections.push(bold(t("notice-settled")), ...notice.outcomes.map((outcome) => formatOutcomeBlock(outcome, t)));
      break;
    case "max_age":
      sections.push(new FormattedString(t("notice-max-age", { hours: String(times.maxHours) })), references(notice, scope, t));
      break;
    case "not_found":
      sections.push(new FormattedString(t("notice-not-found", { minutes: String(times.notFoundMinutes) })), references(notice, scope, t));
      break;
  }
  if (notice.chatType !== "private" && notice.subscribers.length > 0) sections.push(line(`${t("notice-for")} `, mentions(notice.subscribers)));
  return fitMessage(concat(sections, "\n\n"));
}

/** The payment, and every reference the provider may ask for, in monospace (tap to copy). */
function references(notice: Notice, scope: Scope, t: Translate): FormattedString {
  const id = notice.outcomes[0]?.transactionId ?? "";
  const lines: FormattedString[] = [line(bold(scopeLabel(scope, t)), " ", mono(id)), line(`${t("label-transaction-id")} `, mono(id))];
  for (const outcome of notice.outcomes) {
    if (outcome.type === "found") {
      const serviceId = cleanServiceText(outcome.serviceTransactionId, 80);
      if (serviceId) lines.push(line(`${t("label-service-id")} `, mono(serviceId)));
      const mno = outcome.transaction.mnoTransactionId ? cleanServiceText(outcome.transaction.mnoTransactionId, 80) : "";
      if (mno) lines.push(line(`${t("label-mno-ref")} `, mono(mno)));
    }
    lines.push(line(`${t("label-last-status")} `, statusOf(outcome, t), notice.outcomes.length > 1 ? ` (${scopeLabel(outcome.kind, t)})` : ""));
  }
  return concat(lines, "\n");
}

function mentions(subscribers: readonly Subscriber[]): FormattedString {
  return concat(
    subscribers.map((subscriber) => mentionUser(cleanServiceText(subscriber.name, 64) || String(subscriber.userId), subscriber.userId)),
    ", ",
  );
}

export function scopeLabel(scope: Scope, t: Translate): string {
  return t(scope === "collection" ? "kind-collection" : scope === "airtime" ? "kind-airtime" : "kind-either");
}

/** A status as shown in a list: the payment's status as the service sent it, or what went wrong. */
function statusOf(outcome: EnquiryOutcome, t: Translate): string {
  return outcome.type === "found" ? cleanServiceText(outcome.transaction.status, 40) || "?" : shortOutcomeText(outcome, t);
}

/** /watches: the asker's watches in this chat, one line each. */
export function formatWatchList(entries: readonly { target: Target; watch: ChatWatch }[], t: Translate, clock: Clock = formatClock): FormattedString {
  if (entries.length === 0) return new FormattedString(t("watches-empty"));
  const lines = entries.map(({ target, watch }) => {
    const last = target.last ?? [];
    const status = last.length === 0 ? t("watches-status-unknown") : last.map((outcome) => statusOf(outcome, t)).join(" / ");
    const marker = last.length > 0 && last.every(isFinal) ? markerOf(last[0] as EnquiryOutcome) : "⏳";
    const details = t("watches-line", {
      kind: scopeLabel(target.scope, t),
      status,
      since: clock(new Date(watch.startedAt)),
      next: clock(new Date(target.nextCheckAt)),
    });
    return line(`${marker} `, mono(target.transactionId), ` · ${details}`);
  });
  return fitMessage(concat([bold(t("watches-heading", { count: String(entries.length) })), ...lines], "\n"));
}
