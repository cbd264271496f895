import { isAllowedPerson, type AccessPolicy } from "../../access/policy.ts";
import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import type { BackgroundBudget } from "../../payments/budget.ts";
import type { Checker } from "../../payments/check.ts";
import type { EnquiryKind, EnquiryOutcome } from "../../payments/enquiry/types.ts";
import type { HistoryRecorder } from "../../payments/history/recording/recorder.ts";
import { mayCheckReceipt, type Checker as ReceiptChecker } from "../../payments/receipts/check-limits.ts";
import { currentStatus } from "../../payments/receipts/current-status.ts";
import { receiptAudit } from "../../payments/receipts/receipt-audit.ts";
import { verifyReceipt, type ReceiptCheck } from "../../payments/receipts/verify-receipt.ts";
import type { StateStore } from "../../state/ports.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { receiptMakingFeature, receiptWords } from "../../telegram/features/receipts/receipts.ts";
import { receiptLink } from "../../telegram/features/receipts/receipt-view.ts";
import { receiptCheckingFeature, type CheckResult } from "../../telegram/features/receipts/verify.ts";
import { receiptPageModel } from "../../telegram/features/receipts/verify-view.ts";
import type { Translations } from "../../telegram/i18n.ts";
import type { SendingPolicy } from "../../telegram/transport/retry.ts";
import type { ReceiptLayout, ReceiptPageModel } from "../../telegram/render/receipt-layout.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { ReceiptPageRoute } from "../../server/http-server.ts";
import { DEFAULT_LOCALE } from "../../telegram/i18n.ts";

/** How receipts are drawn and their check page written: the renderers (telegram/render/, server/receipt-page.ts), given by the assembly. */
export interface ReceiptRenderers {
  picture?: (layout: ReceiptLayout) => Promise<Buffer>;
  /** The check page's HTML, and its headers (RECEIPT_PAGE_HEADERS): without it, GET /r/<code> is not served. */
  page?: { render: (model: ReceiptPageModel) => string; headers: Readonly<Record<string, string>> };
}

export interface ReceiptsAreaOptions {
  settings: Pick<BotSettings, "receipts" | "timeZone">;
  state: StateStore;
  /** The agents' checker: a receipt is an answer to them. */
  checker: Checker;
  /** What the provider says now, for a check: background work, within its budget, on its connections. */
  backgroundChecker: Checker;
  budget: BackgroundBudget;
  translations: Translations;
  policy: AccessPolicy;
  /** The bot's sending policy: replies to strangers' checks are best effort, as every reply to a stranger. */
  sending: SendingPolicy;
  presses: PressRouter;
  logger: Logger;
  metrics?: Metrics | undefined;
  now: () => number;
  renderers?: ReceiptRenderers | undefined;
  /** Receipts made go on their payment's timeline. */
  history?: HistoryRecorder | undefined;
}

/** What the check page shows for a code, asked from an address: the page's model, or too many checks. */
export type ReceiptPageAnswer = { type: "page"; model: ReceiptPageModel } | { type: "rate_limited" };

export interface ReceiptsArea {
  /** 🧾 Receipt (pressed through the press router), /receipt and /receipt revoke. */
  making: BotFeature;
  /** /verify and /start r_<code>: open to anyone in private. */
  checking: BotFeature;
  /** A check from the page (GET /r/<code>), in the receipt's language; the bot's username makes its link. */
  checkPage(code: string, address: string, botUsername: string): Promise<ReceiptPageAnswer>;
  /** GET /r/<code> for the HTTP server, when there is a page renderer. */
  pageRoute(botUsername: () => string): ReceiptPageRoute | undefined;
}

/** A check of what the provider says now waits this long at most (its budget included); after it, "now" is left unsaid. */
const NOW_DEADLINE_MS = 4_000;
/** The page answers every code in this time, known or not (the provider asked within PAGE_NOW_DEADLINE_MS). */
export const PAGE_SAME_TIME_MS = 1_000;
const PAGE_NOW_DEADLINE_MS = 800;

/**
 * Receipts: made by agents of a settled answer, kept durably by the hash of their code, checked
 * by anyone (the bot's only surface open to strangers) within limits of their own, and what the
 * provider says now asked as background work, never from the agents' answers' connections.
 */
export function receiptsArea(options: ReceiptsAreaOptions): ReceiptsArea {
  const { settings, state, translations, logger, metrics, now } = options;
  const consumer = options.budget.consumer();
  const ask = async (kind: EnquiryKind, transactionId: string, deadlineMs: number): Promise<EnquiryOutcome | undefined> => {
    const deadline = AbortSignal.timeout(deadlineMs);
    try {
      await consumer.acquire(deadline);
    } catch {
      // The budget had no place in time: "now" is left unsaid, the receipt is still told genuine.
      return undefined;
    }
    const [result] = await options.backgroundChecker.run({ scope: kind, ids: [transactionId] }, { userId: undefined, chatId: undefined, via: "verify", logger }, { deadline });
    return result?.outcomes[0];
  };
  // One of each for the area's life: checks of a payment at once share one look at what the provider says now.
  const nowWithin = (deadlineMs: number) => currentStatus({ kv: state.kv, counters: state.counters, ask: (kind, id) => ask(kind, id, deadlineMs) });
  const nowFor = { chat: nowWithin(NOW_DEADLINE_MS), page: nowWithin(PAGE_NOW_DEADLINE_MS) };
  const verify = (typed: string, where: keyof typeof nowFor): Promise<ReceiptCheck> => verifyReceipt({ records: state.receipts, now, currentStatus: nowFor[where] }, typed);
  const allowance = (who: ReceiptChecker) => mayCheckReceipt(state.counters, who);
  const onCheck = (result: CheckResult) => metrics?.countReceiptCheck(result);
  const making = {
    keepMs: settings.receipts.keepMs,
    records: state.receipts,
    audit: receiptAudit(logger),
    now,
    ...(metrics ? { onMade: () => metrics.countReceiptMade() } : {}),
  };
  return {
    making: {
      name: "receipts",
      composer: receiptMakingFeature({ checker: options.checker, making, settings: settings.receipts, timeZone: settings.timeZone, translations, policy: options.policy, picture: options.renderers?.picture, history: options.history }, options.presses.for("receipts")),
    },
    checking: { name: "receiptChecks", composer: receiptCheckingFeature({ allowance, verify: (typed) => verify(typed, "chat"), settings: settings.receipts, timeZone: settings.timeZone, translations, onCheck, flags: state.kv, sending: options.sending, isStranger: (ctx) => ctx.chat?.type === "private" && !isAllowedPerson(options.policy, ctx.from?.id) }) },
    checkPage,
    pageRoute(botUsername) {
      const page = options.renderers?.page;
      if (!page) return undefined;
      const t = translations.translatorFor(DEFAULT_LOCALE);
      const tooMany = page.render({ kind: "unknown", language: DEFAULT_LOCALE, heading: "⏳", text: t("verify-rate-limited") });
      return {
        headers: page.headers,
        busyHtml: tooMany,
        ...(metrics ? { onBusy: () => metrics.countReceiptCheck("busy") } : {}),
        sameTimeMs: PAGE_SAME_TIME_MS,
        async answer(code, address) {
          const answer = await checkPage(code, address, botUsername());
          if (answer.type === "page") return { status: answer.model.kind === "genuine" ? 200 : 404, html: page.render(answer.model) };
          return { status: 429, html: tooMany };
        },
      };
    },
  };

  async function checkPage(code: string, address: string, botUsername: string): Promise<ReceiptPageAnswer> {
    if ((await allowance({ type: "address", address })) === "rate_limited") {
      onCheck("rate_limited");
      return { type: "rate_limited" };
    }
    const found = await verify(code, "page");
    onCheck(found.type);
    // The page speaks the receipt's language; an unknown code has none, so it speaks the default.
    const language = found.type === "genuine" && translations.locales.includes(found.receipt.language) ? found.receipt.language : DEFAULT_LOCALE;
    const link = found.type === "genuine" ? receiptLink(settings.receipts.verification, botUsername, found.code) : "";
    return { type: "page", model: receiptPageModel(found, link, receiptWords(translations, settings.timeZone, language)) };
  }
}
