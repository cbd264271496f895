import { FormattedString } from "@grammyjs/parse-mode";
import { ENQUIRY_KINDS, isFinal, type EnquiryKind, type EnquiryOutcome } from "../../../payments/enquiry/types.ts";
import type { KindStatus } from "../../../payments/health/judging/monitor.ts";
import { COULD_NOT_CHECK, healthOutcome } from "../../../payments/health/counting/outcomes.ts";
import type { NumberFormats } from "./numbers.ts";
import type { Translate } from "./translate.ts";
import { relevantOutcomes, type IdResult, type Scope } from "../../../payments/query.ts";
import { adviceOf, formatOutcomeBlock, formatOutcomeLine, formatUnknownBlock, isForAnAdmin, type OutcomeFormatOptions } from "./outcome.ts";
import { bold, concat, fitMessage, formatClock, line, mono } from "./text.ts";

export interface Answer {
  message: FormattedString;
  /** True when every outcome shown is settled (SUCCESS or FAILED): no point in checking again. */
  final: boolean;
}

export interface AnswerFormatOptions extends OutcomeFormatOptions {
  /** The provider's state per kind: while a kind is in trouble, an answer that could not check says so. */
  provider?: Record<EnquiryKind, KindStatus> | undefined;
  /** Whether 🔔 Notify me is offered under the answer (the trouble line then points at it). */
  canWatch?: boolean;
  /** Percentages and latencies in the reader's language. */
  numbers?: NumberFormats;
}

/** The reply to a query, as a user sees it. Pure: same results, same message. */
export function formatAnswer(scope: Scope, results: readonly IdResult[], t: Translate, options: AnswerFormatOptions = {}): Answer {
  const shown = results.flatMap(relevantOutcomes);
  const allOutcomes = results.flatMap((result) => result.outcomes);
  const notFoundAnywhere = results.filter((result) => relevantOutcomes(result).length === 0);
  const final = notFoundAnywhere.length === 0 && shown.every(isFinal);

  const sections: FormattedString[] = [];
  if (results.length === 1 && results[0]) {
    const result = results[0];
    if (notFoundAnywhere.length === 1) {
      sections.push(concat([line("🔍 ", bold(t("kind-status")), " ", mono(result.id)), t("outcome-not-found-anywhere")], "\n"));
    } else {
      sections.push(...outcomeBlocks(shown, t, options));
    }
  } else {
    const kind = t(scope === "status" ? "kind-status" : scope === "collection" ? "kind-collection" : "kind-airtime");
    const lines = results.flatMap((result) => {
      const relevant = relevantOutcomes(result);
      if (relevant.length === 0) return [line("🔍 ", mono(result.id), ` · ${t("summary-not-found")}`)];
      return relevant.map((outcome) => formatOutcomeLine(outcome, t, { withKind: scope === "status" }));
    });
    sections.push(concat([bold(t("summary-heading", { kind, count: results.length })), ...lines], "\n"));
    // Each line says what went wrong; who was told (or who to tell) is said once.
    if (shown.some(isForAnAdmin)) sections.push(new FormattedString(t(options.adminAlerted ? "summary-admin-told" : "summary-tell-admin")));
    if (shown.some((outcome) => !isFinal(outcome) && outcome.type !== "found")) sections.push(new FormattedString(t("summary-unknown-note")));
  }
  sections.push(...troubleLines(shown, t, options));
  // The time of the checks shown: a kind that does not know the ID is not shown, nor is its time.
  sections.push(new FormattedString(t("checked-at", { time: (options.clock ?? formatClock)(oldestCheck(shown.length > 0 ? shown : allOutcomes)) })));
  return { message: fitMessage(concat(sections, "\n\n")), final };
}

/**
 * One block per outcome, but outcomes that could not be checked for the same reason (a rejected
 * token on both kinds of an ID) share one: their headings, then the advice once.
 */
function outcomeBlocks(shown: readonly EnquiryOutcome[], t: Translate, options: AnswerFormatOptions): FormattedString[] {
  const groups: { advice: string | undefined; outcomes: EnquiryOutcome[] }[] = [];
  for (const outcome of shown) {
    const advice = outcome.type === "found" ? undefined : adviceOf(outcome, t, options);
    const same = advice === undefined ? undefined : groups.find((group) => group.advice === advice);
    if (same) same.outcomes.push(outcome);
    else groups.push({ advice, outcomes: [outcome] });
  }
  return groups.map(({ outcomes }) => {
    const unknown = outcomes.filter((outcome) => outcome.type !== "found");
    return unknown.length > 1 ? formatUnknownBlock(unknown, t, options) : formatOutcomeBlock(outcomes[0] as EnquiryOutcome, t, options);
  });
}

/** The age of an answer is the age of its oldest part (parts may come from a short cache). */
function oldestCheck(outcomes: readonly EnquiryOutcome[]): Date {
  return outcomes.reduce<Date>((oldest, outcome) => (outcome.checkedAt < oldest ? outcome.checkedAt : oldest), outcomes[0]?.checkedAt ?? new Date());
}

/**
 * One line per kind in trouble that left a payment here unchecked: it is not this payment alone,
 * since when, and the figure. Nothing while the provider is fine, or when every payment was checked.
 */
function troubleLines(shown: readonly EnquiryOutcome[], t: Translate, options: AnswerFormatOptions): FormattedString[] {
  const { provider } = options;
  if (!provider) return [];
  const kinds = new Set(shown.filter((outcome) => COULD_NOT_CHECK.has(healthOutcome(outcome))).map((outcome) => outcome.kind));
  return ENQUIRY_KINDS.filter((kind) => kinds.has(kind) && provider[kind].level !== "normal").map((kind) => {
    const status = provider[kind];
    const numbers = options.numbers;
    return new FormattedString(
      t(options.canWatch ? "answer-provider-trouble-watch" : "answer-provider-trouble", {
        kind: t(kind === "collection" ? "kind-collection" : "kind-airtime"),
        since: (options.clock ?? formatClock)(new Date(status.startedAt ?? status.since)),
        cause: status.cause ?? "not-checked",
        percent: numbers ? numbers.percent(status.window.share) : `${Math.round(status.window.share * 100)}%`,
        p95: numbers ? numbers.latency(status.window.p95Ms ?? 0) : `${Math.round(status.window.p95Ms ?? 0)} ms`,
      }),
    );
  });
}
