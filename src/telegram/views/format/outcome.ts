import { type FormattedString } from "@grammyjs/parse-mode";
import { paymentState, type EnquiryKind, type EnquiryOutcome, type PaymentState, type UpstreamHint } from "../../../payments/enquiry/types.ts";
import type { Translate } from "./translate.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { bold, concat, line, mono, type Clock } from "./text.ts";

/** How much of a failure reason to show: in full in a single answer, one line in a summary. */
export const REASON_LIMIT = { block: 600, line: 140 } as const;
const REFERENCE_LIMIT = 80;

export interface OutcomeFormatOptions {
  /** Whether an admin is alerted when the service token is rejected (changes what users are told). */
  adminAlerted?: boolean;
  /** How times are shown (BOT_TIMEZONE); UTC when not given. */
  clock?: Clock;
}

const PAYMENT_MARKERS: Record<PaymentState, string> = { success: "✅", failed: "❌", not_final: "⏳" };

/** One glance tells the state: only SUCCESS and FAILED get a tick or a cross. */
export function markerOf(outcome: EnquiryOutcome): string {
  switch (outcome.type) {
    case "found":
      return PAYMENT_MARKERS[paymentState(outcome.transaction)];
    case "not_found":
      return "🔍";
    case "unauthorized":
      return "🔒";
    case "timeout":
      return "⌛";
    case "busy":
      return "🚦";
    case "upstream_error":
      return "⚠️";
    case "invalid_response":
      return "❓";
  }
}

/** Title and advice for outcomes where the service could not tell: never a payment status. */
function unknownOutcomeText(outcome: Exclude<EnquiryOutcome, { type: "found" }>, t: Translate, options: OutcomeFormatOptions) {
  const otherKind: EnquiryKind = outcome.kind === "collection" ? "airtime" : "collection";
  switch (outcome.type) {
    case "not_found":
      return {
        title: t("outcome-not-found"),
        hint: t("outcome-not-found-hint", { command: `/${otherKind} ${outcome.transactionId}` }),
        short: t("summary-not-found"),
      };
    case "unauthorized":
      return {
        title: t("outcome-unauthorized"),
        hint: t(options.adminAlerted ? "outcome-unauthorized-hint-alerted" : "outcome-unauthorized-hint"),
        short: t("summary-unauthorized"),
      };
    case "timeout":
      return { title: t("outcome-timeout"), hint: t("outcome-timeout-hint"), short: t("summary-timeout") };
    case "busy":
      return { title: t("outcome-busy"), hint: t("outcome-busy-hint"), short: t("summary-busy") };
    case "upstream_error":
      return upstreamErrorText(outcome.hint, t, options);
    case "invalid_response":
      return { title: t("outcome-invalid"), hint: t("outcome-invalid-hint"), short: t("summary-invalid") };
  }
}

/** A service error, or, when the bot knows more, what stopped it asking: a wrong address, no token. */
function upstreamErrorText(hint: UpstreamHint | undefined, t: Translate, options: OutcomeFormatOptions) {
  switch (hint) {
    case undefined:
      return { title: t("outcome-upstream-error"), hint: t("outcome-upstream-error-hint"), short: t("summary-upstream-error") };
    case "wrong_address":
      return { title: t("outcome-could-not-check"), hint: t(options.adminAlerted ? "outcome-wrong-address-hint-alerted" : "outcome-wrong-address-hint"), short: t("summary-wrong-address") };
    case "token_refused":
      return { title: t("outcome-could-not-check"), hint: t(options.adminAlerted ? "outcome-token-refused-hint-alerted" : "outcome-token-refused-hint"), short: t("summary-token-refused") };
    case "no_token":
      return { title: t("outcome-could-not-check"), hint: t("outcome-no-token-hint"), short: t("summary-no-token") };
  }
}

/** Whether an outcome is an admin's to fix (a rejected token, refused credentials, a wrong address): an answer says once who was told. */
export function isForAnAdmin(outcome: EnquiryOutcome): boolean {
  return outcome.type === "unauthorized" || (outcome.type === "upstream_error" && (outcome.hint === "wrong_address" || outcome.hint === "token_refused"));
}

/** A few words for an outcome where the service could not tell (in lists and summaries). */
export function shortOutcomeText(outcome: Exclude<EnquiryOutcome, { type: "found" }>, t: Translate): string {
  return unknownOutcomeText(outcome, t, {}).short;
}

function kindLabel(kind: EnquiryKind, t: Translate): string {
  return t(kind === "collection" ? "kind-collection" : "kind-airtime");
}

/**
 * The full answer for one ID and one kind of enquiry: status with its marker, reason when failed,
 * references in monospace (tap to copy); or, when the service could not tell, what happened and
 * what to do.
 */
export function formatOutcomeBlock(outcome: EnquiryOutcome, t: Translate, options: OutcomeFormatOptions = {}): FormattedString {
  if (outcome.type !== "found") return formatUnknownBlock([outcome], t, options);
  const heading = headingOf(outcome, t);
  const { transaction } = outcome;
  const state = paymentState(transaction);
  const status = shownStatus(transaction.status);
  const lines: FormattedString[] = [
    heading,
    state === "not_final"
      ? line(`${t("label-payment")} `, bold(status), ` (${t("status-not-final")})`)
      : line(`${t("label-payment")} `, bold(status)),
  ];
  if (state === "failed") lines.push(line(`${t("label-reason")} `, reasonText(transaction.message, REASON_LIMIT.block, t)));
  const mno = shownReference(transaction.mnoTransactionId);
  if (mno) lines.push(line(`${t("label-mno-ref")} `, mono(mno)));
  const serviceId = shownReference(outcome.serviceTransactionId);
  if (serviceId) lines.push(line(`${t("label-service-id")} `, mono(serviceId)));
  return concat(lines, "\n");
}

function headingOf(outcome: EnquiryOutcome, t: Translate): FormattedString {
  return line(markerOf(outcome), " ", bold(kindLabel(outcome.kind, t)), " ", mono(outcome.transactionId));
}

/** What could not be checked, and why, for one outcome or several with the same advice (both kinds of an ID): each its heading, the advice once. */
export function formatUnknownBlock(outcomes: readonly Exclude<EnquiryOutcome, { type: "found" }>[], t: Translate, options: OutcomeFormatOptions = {}): FormattedString {
  const [first] = outcomes;
  const { hint } = first ? unknownOutcomeText(first, t, options) : { hint: "" };
  // ": " in English, " : " in French: the separator is the language's.
  const headings = outcomes.map((outcome) => line(headingOf(outcome, t), t("heading-separator"), bold(unknownOutcomeText(outcome, t, options).title)));
  return concat([...headings, hint, t("unknown-not-failed")], "\n");
}

/** The advice an answer gives for an outcome where the service could not tell: outcomes with the same advice are shown together. */
export function adviceOf(outcome: Exclude<EnquiryOutcome, { type: "found" }>, t: Translate, options: OutcomeFormatOptions = {}): string {
  return unknownOutcomeText(outcome, t, options).hint;
}

/** Service text as shown: cleaned, shortened, and absent when nothing printable is left. */
function shownReference(text: string | undefined): string | undefined {
  return text ? cleanServiceText(text, REFERENCE_LIMIT) || undefined : undefined;
}

function shownStatus(status: string): string {
  return shownReference(status) ?? "?";
}

function reasonText(message: string | undefined, limit: number, t: Translate): string {
  return (message ? cleanServiceText(message, limit) : "") || t("no-reason");
}

/** One compact line for a summary of several IDs: marker, ID, status, MNO reference, reason. */
export function formatOutcomeLine(outcome: EnquiryOutcome, t: Translate, options: { withKind: boolean }): FormattedString {
  const parts: (FormattedString | string)[] = [markerOf(outcome), " ", mono(outcome.transactionId)];
  if (options.withKind) parts.push(` · ${kindLabel(outcome.kind, t)}`);
  if (outcome.type !== "found") {
    parts.push(` · ${shortOutcomeText(outcome, t)}`);
    return line(...parts);
  }
  const { transaction } = outcome;
  parts.push(" · ", bold(shownStatus(transaction.status)));
  const mno = shownReference(transaction.mnoTransactionId);
  if (mno) parts.push(" · MNO ", mono(mno));
  if (paymentState(transaction) === "failed") parts.push(` · ${reasonText(transaction.message, REASON_LIMIT.line, t)}`);
  return line(...parts);
}
