import { FormattedString } from "@grammyjs/parse-mode";
import { isFinal, type EnquiryOutcome } from "../../../payments/enquiry/types.ts";
import type { Translate } from "../../i18n.ts";
import { relevantOutcomes, type IdResult, type Scope } from "../../../payments/query.ts";
import { formatOutcomeBlock, formatOutcomeLine, type OutcomeFormatOptions } from "./outcome.ts";
import { bold, concat, fitMessage, formatClock, line, mono } from "./text.ts";

export interface Answer {
  message: FormattedString;
  /** True when every outcome shown is settled (SUCCESS or FAILED): no point in checking again. */
  final: boolean;
}

/** The reply to a query, as a user sees it. Pure: same results, same message. */
export function formatAnswer(scope: Scope, results: readonly IdResult[], t: Translate, options: OutcomeFormatOptions = {}): Answer {
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
      sections.push(...shown.map((outcome) => formatOutcomeBlock(outcome, t, options)));
    }
  } else {
    const kind = t(scope === "status" ? "kind-status" : scope === "collection" ? "kind-collection" : "kind-airtime");
    const lines = results.flatMap((result) => {
      const relevant = relevantOutcomes(result);
      if (relevant.length === 0) return [line("🔍 ", mono(result.id), ` · ${t("summary-not-found")}`)];
      return relevant.map((outcome) => formatOutcomeLine(outcome, t, { withKind: scope === "status" }));
    });
    sections.push(concat([bold(t("summary-heading", { kind, count: String(results.length) })), ...lines], "\n"));
    if (shown.some((outcome) => !isFinal(outcome) && outcome.type !== "found")) sections.push(new FormattedString(t("summary-unknown-note")));
  }
  sections.push(new FormattedString(t("checked-at", { time: (options.clock ?? formatClock)(oldestCheck(allOutcomes)) })));
  return { message: fitMessage(concat(sections, "\n\n")), final };
}

/** The age of an answer is the age of its oldest part (parts may come from a short cache). */
function oldestCheck(outcomes: readonly EnquiryOutcome[]): Date {
  return outcomes.reduce<Date>((oldest, outcome) => (outcome.checkedAt < oldest ? outcome.checkedAt : oldest), outcomes[0]?.checkedAt ?? new Date());
}
