import type { FormattedString } from "@grammyjs/parse-mode";
import { InlineKeyboard } from "grammy";
import type { EnquiryKind, EnquiryOutcome, EnquiryService, OutcomeType } from "../payments/enquiry/types.ts";
import { encodeButton, type IdListStore } from "./views/callback-data.ts";
import type { BotContext } from "./context.ts";
import { formatAnswer } from "./views/format/answer.ts";
import { runQuery, type Query } from "../payments/query.ts";

/** One line of the audit trail: who asked what, and what came of it. Never holds a token. */
export interface EnquiryRecord {
  time: string;
  userId: number | undefined;
  chatId: number | undefined;
  kind: EnquiryKind;
  transactionId: string;
  outcome: OutcomeType;
  /** `transaction.status` as the service sent it, when it answered. */
  paymentStatus: string | undefined;
  latencyMs: number;
  /** What triggered it: a command, a Refresh press, or a kind picked for bare IDs. */
  via: "command" | "refresh" | "button";
}

export type EnquiryListener = (record: EnquiryRecord, outcome: EnquiryOutcome) => void;

export interface CheckDependencies {
  enquiry: EnquiryService;
  buttons: IdListStore;
  onEnquiry: EnquiryListener | undefined;
  /** Whether an admin is alerted when the service token is rejected. */
  adminAlerted: boolean;
  /** Mark each enquiry's log line as the audit record (when there is no separate audit file). */
  auditInLog: boolean;
}

export interface CheckedAnswer {
  message: FormattedString;
  final: boolean;
  replyMarkup: InlineKeyboard | undefined;
}

/**
 * Runs a query's enquiries for the user in `ctx`, records each one, and builds the reply: the
 * formatted answer, plus a Refresh button unless every outcome shown is final.
 */
export async function check(
  ctx: BotContext,
  deps: CheckDependencies,
  query: Query,
  { fresh, via }: { fresh: boolean; via: EnquiryRecord["via"] },
): Promise<CheckedAnswer> {
  const enquire = async (kind: EnquiryKind, transactionId: string) => {
    const started = performance.now();
    const outcome = await deps.enquiry.enquire(kind, transactionId, { fresh });
    const record: EnquiryRecord = {
      time: new Date().toISOString(),
      userId: ctx.from?.id,
      chatId: ctx.chat?.id,
      kind,
      transactionId,
      outcome: outcome.type,
      paymentStatus: outcome.type === "found" ? outcome.transaction.status : undefined,
      latencyMs: Math.round(performance.now() - started),
      via,
    };
    // pino stamps the line itself; a second "time" key would make it ambiguous JSON.
    const { time: _time, ...fields } = record;
    ctx.logger.info(deps.auditInLog ? { audit: true, ...fields } : fields, "enquiry");
    deps.onEnquiry?.(record, outcome);
    return outcome;
  };
  const results = await runQuery(query, enquire);
  const { message, final } = formatAnswer(query.scope, results, ctx.t, { adminAlerted: deps.adminAlerted });
  const replyMarkup = final
    ? undefined
    : new InlineKeyboard().text(ctx.t("button-refresh"), encodeButton({ action: "refresh", scope: query.scope, ids: query.ids }, deps.buttons));
  return { message, final, replyMarkup };
}
