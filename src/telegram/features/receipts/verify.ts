import { Composer } from "grammy";
import type { ReplyParameters } from "grammy/types";
import type { ReceiptSettings } from "../../../config/areas/receipts.ts";
import type { CheckAllowance, Checker } from "../../../payments/receipts/check-limits.ts";
import type { ReceiptCheck } from "../../../payments/receipts/verify-receipt.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import type { BotContext } from "../../context.ts";
import type { Translations } from "../../i18n.ts";
import { receiptStartCode } from "../../message-command.ts";
import type { SendingPolicy } from "../../transport/retry.ts";
import { commands } from "../../views/commands.ts";
import { receiptWords } from "./receipts.ts";
import { receiptLink } from "./receipt-view.ts";
import { receiptPageModel, verifyText } from "./verify-view.ts";

/** What a check of a receipt comes to, for a metric. */
export type CheckResult = "genuine" | "unknown" | "rate_limited";

export interface ReceiptCheckingDeps {
  /** Whether this checker may check now (per person, and everyone together). */
  allowance: (who: Checker) => Promise<CheckAllowance>;
  verify: (typed: string) => Promise<ReceiptCheck>;
  settings: ReceiptSettings;
  timeZone: string;
  translations: Translations;
  /** Told of every check (a metric). */
  onCheck?: ((result: CheckResult) => void) | undefined;
  /** Remembers who was told to wait: once per window, so that a flood of checks gets one answer, not one each. */
  flags: KeyValueStore;
  /** The bot's sending policy: a stranger's answer is best effort. */
  sending: Pick<SendingPolicy, "bestEffort" | "bestEffortSlot">;
  /** Whether the one checking is a stranger (anyone the bot serves nothing else): in a private chat, not allowed. */
  isStranger: (ctx: BotContext) => boolean;
}

/** Someone refused is told so at most once in this long. */
const TOLD_WINDOW_MS = 60_000;
/** An answer to a stranger never waits longer than this for Telegram. */
const STRANGER_REPLY_TIMEOUT_MS = 3_000;

/** grammY types its signals with the abort-controller package's AbortSignal, which Node's satisfies. */
type CallSignal = Parameters<BotContext["api"]["raw"]["sendMessage"]>[1];
type ReplyOptions = { reply_parameters?: ReplyParameters; link_preview_options?: { is_disabled: boolean } };

/**
 * An agent is answered as any answer to them (retried through Telegram's 429s). A stranger is
 * answered as the access gate answers strangers: once, never retried, not while Telegram throttles
 * the bot nor while a few such replies are on their way. A flood of strangers' checks then costs
 * silence, never a queue of retries holding the updates' slots that agents' answers need.
 */
async function answer(ctx: BotContext, deps: Pick<ReceiptCheckingDeps, "sending" | "isStranger">, text: string, options: ReplyOptions): Promise<void> {
  if (!deps.isStranger(ctx)) {
    await ctx.reply(text, options);
    return;
  }
  const chatId = ctx.chat?.id;
  const slot = chatId === undefined ? undefined : deps.sending.bestEffortSlot();
  if (!slot || chatId === undefined) return;
  try {
    await ctx.api.raw.sendMessage(deps.sending.bestEffort({ chat_id: chatId, text, ...options }), AbortSignal.timeout(STRANGER_REPLY_TIMEOUT_MS) as CallSignal);
  } catch (error) {
    ctx.logger.debug({ err: error }, "answer to a receipt check not delivered");
  } finally {
    slot.release();
  }
}

/**
 * /verify <code> and /start r_<code> (the deep link a receipt carries without a public page): the
 * bot's only surface open to strangers, answered to anyone in a private chat (the access gate lets
 * exactly these through), within the checks' limits. A genuine receipt is told with exactly its
 * facts and what the provider says now; anything else is "no such receipt", with nothing more.
 */
export function receiptCheckingFeature(deps: ReceiptCheckingDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const check = async (ctx: BotContext, typed: string) => {
    const replyParameters = ctx.msg ? { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } } : {};
    if (typed.trim() === "") {
      await answer(ctx, deps, ctx.t("verify-usage"), replyParameters);
      return;
    }
    if ((await deps.allowance({ type: "user", id: ctx.from?.id ?? 0 })) === "rate_limited") {
      deps.onCheck?.("rate_limited");
      // Told, and logged, once a window: a flood of refused checks is counted (the metric), not written out line by line.
      if (await deps.flags.setIfAbsent(`receipt-told:${ctx.from?.id ?? 0}`, "1", TOLD_WINDOW_MS)) {
        ctx.logger.info({ userId: ctx.from?.id }, "receipt check refused: too many checks");
        await answer(ctx, deps, ctx.t("verify-rate-limited"), replyParameters);
      }
      return;
    }
    const found = await deps.verify(typed);
    deps.onCheck?.(found.type);
    ctx.logger.info({ userId: ctx.from?.id, result: found.type, ...(found.type === "genuine" ? { receipt: found.receipt.number } : {}) }, "receipt checked");
    const link = found.type === "genuine" ? receiptLink(deps.settings.verification, ctx.me.username, found.code) : "";
    const model = receiptPageModel(found, link, receiptWords(deps.translations, deps.timeZone, ctx.locale));
    await answer(ctx, deps, verifyText(model, ctx.t), { ...replyParameters, link_preview_options: { is_disabled: true } });
  };
  composer.command(commands.verify.name, (ctx) => check(ctx, ctx.match));
  composer.filter(
    (ctx) => receiptStartCode(ctx) !== undefined,
    (ctx) => check(ctx, receiptStartCode(ctx) ?? ""),
  );
  return composer;
}
