import { Composer, InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { parseIds } from "../../../payments/parse-ids.ts";
import { queryCost, type IdResult, type Query, type Scope } from "../../../payments/query.ts";
import { answerWatchers } from "../../../payments/watches/answer-watchers.ts";
import { startWatch } from "../../../payments/watches/start-watch.ts";
import { recordEvent } from "../history/asked-by.ts";
import { targetsOf, type NewWatch, type TargetRef } from "../../../payments/watches/target.ts";
import { StateUnavailableError } from "../../../state/ports.ts";
import type { BotContext } from "../../context.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { answerButtons } from "../../buttons/answer-buttons.ts";
import { caseButtons } from "../../buttons/case-buttons.ts";
import type { Press } from "../../buttons/presses.ts";
import type { Presses } from "../../buttons/router.ts";
import { commands } from "../../views/commands.ts";
import { answerKeyboard, withAskSupport } from "../../views/keyboards.ts";
import { phoneRows } from "../../views/phone-rows.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { formatWatchList, scopeLabel } from "./watch-format.ts";
import { askerOf, offersCases, replyWithAnswer, type AnswerDependencies } from "../send-answer.ts";
import { idsAskedFor, usageText } from "../../asked-ids.ts";
import { topicOfUpdate } from "../../topic.ts";

export interface WatchFeatureOptions extends AnswerDependencies {
  /** WATCH_MAX_PER_USER. */
  maxPerUser: number;
  /** 🔔, 🔕 and the /watches list's 🔕 are handled here. */
  presses: Presses;
}

/**
 * Telling agents when a payment settles, so that they need not press Refresh again and again:
 * 🔔 Notify me under an answer (and 🔕 to stop), /watch, /watches and /unwatch. The waiting itself
 * is the scheduler's; this only starts and stops watches.
 */
export function watchFeature(deps: WatchFeatureOptions): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const chats = composer.chatType(["private", "group", "supergroup"]);

  deps.presses.on("notify", (ctx, press) => notifyPressed(ctx, deps, press));
  deps.presses.on("stop", (ctx, press) => stopPressed(ctx, deps, press));
  deps.presses.on("unwatch", (ctx, press) => unwatchPressed(ctx, deps, press));

  chats.command(commands.watch.name, async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    const parsed = idsAskedFor(ctx);
    if (parsed.type !== "ids") {
      await ctx.reply(usageText(ctx, `/${commands.watch.name}`, parsed), { reply_parameters: replyParameters });
      return;
    }
    // Looked up on both kinds, as /status does; watched on the kind(s) that know each ID.
    const query: Query = { scope: "status", ids: parsed.ids };
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const results = await deps.checker.run(query, askerOf(ctx, "command"));
    const watched = await startWatch(deps.watches, targetsOf(query.scope, results), watcherOf(ctx, undefined, results), deps.maxPerUser);
    if (watched.type !== "started") {
      const note = watched.type === "nothing" ? ctx.t("watch-nothing") : ctx.t("watch-limit", { max: watched.max, active: watched.active });
      await replyWithAnswer(ctx, deps, query, results, replyParameters, note);
      return;
    }
    const { added } = watched;
    recordEvent(ctx, deps.history, watched.newly, { event: "watch-started", how: "watch" });
    const note = added === 0 ? ctx.t("watch-already") : added === 1 ? ctx.t("watch-started-one") : ctx.t("watch-started-many", { count: added });
    // The answer is the message the notification will reply to (and edit once settled).
    const { sent } = await replyWithAnswer(ctx, deps, query, results, replyParameters, note);
    try {
      await deps.watches.attachMessage(watched.targets, ctx.chat.id, sent.message_id);
    } catch (error) {
      // The watches are kept: their notifications only lose the message they reply to.
      if (!(error instanceof StateUnavailableError)) throw error;
      ctx.logger.debug({ err: error }, "a watch's answer could not be recorded");
    }
  });

  chats.command(commands.watches.name, async (ctx) => {
    const list = await watchList(ctx, deps);
    await ctx.reply(list.text, {
      entities: list.entities,
      reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true },
      ...(list.keyboard ? { reply_markup: list.keyboard } : {}),
    });
  });

  chats.command(commands.unwatch.name, async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    const parsed = parseIds(ctx.match);
    if (parsed.type !== "ids") {
      await ctx.reply(usageText(ctx, `/${commands.unwatch.name}`, parsed), { reply_parameters: replyParameters });
      return;
    }
    const wanted = new Set(parsed.ids);
    const stopped = await deps.watches.unsubscribe(ctx.chat.id, ctx.from?.id ?? 0, (ref) => wanted.has(ref.transactionId));
    const stoppedIds = new Set(stopped.map((ref) => ref.transactionId));
    const notWatched = parsed.ids.filter((id) => !stoppedIds.has(id));
    const lines = [];
    if (stoppedIds.size > 0) lines.push(ctx.t("unwatch-done", { ids: [...stoppedIds].join(", ") }));
    if (notWatched.length > 0) lines.push(ctx.t("unwatch-none", { ids: notWatched.join(", ") }));
    await ctx.reply(lines.join("\n"), { reply_parameters: replyParameters });
  });

  return composer;
}

/** What 🔔, 🔕 and a /watches 🔕 carry: the answer's query, as the button knew it. */
type AnswerPress = Extract<Press, { action: "notify" | "stop" | "unwatch" }>;

/** The person pressing or asking, as a subscriber of a watch in this chat. */
function watcherOf(ctx: BotContext, messageId: number | undefined, seen: readonly IdResult[] | undefined): NewWatch {
  const from = ctx.from;
  const name = cleanServiceText([from?.first_name, from?.last_name].filter(Boolean).join(" "), 64) || String(from?.id ?? "");
  const chat = ctx.chat;
  return {
    chatId: chat?.id ?? 0,
    chatType: chat?.type === "group" || chat?.type === "supergroup" ? chat.type : "private",
    messageId,
    // Started in a forum topic (the command's, or the answer's a button sits on): told there.
    threadId: topicOfUpdate(ctx),
    locale: ctx.locale,
    subscriber: { userId: from?.id ?? 0, name },
    seen,
  };
}

/** The open payments of the answer a button sits on: from what the answer showed, or else from the button. */
async function targetsOfAnswer(ctx: BotContext, deps: WatchFeatureOptions, payload: AnswerPress): Promise<{ query: Query; targets: TargetRef[]; shown?: readonly IdResult[] }> {
  const message = ctx.callbackQuery?.message;
  const record = message ? await deps.shownAnswers.load(message.chat.id, message.message_id) : undefined;
  if (record) return { query: record.query, targets: targetsOf(record.query.scope, record.results), shown: record.results };
  const query = { scope: payload.scope, ids: payload.ids };
  return { query, targets: payload.ids.map((transactionId) => ({ scope: payload.scope, transactionId })) };
}

async function notifyPressed(ctx: BotContext, deps: WatchFeatureOptions, payload: AnswerPress): Promise<void> {
  const message = ctx.callbackQuery?.message;
  const { query, targets, shown: results } = await targetsOfAnswer(ctx, deps, payload);
  if (!message || targets.length === 0) {
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-nothing-to-watch") }), ctx.logger);
    return;
  }
  // A watch is started from an answer: the message must show every payment it would watch.
  const shown = "text" in message ? (message.text ?? "") : "";
  if (!targets.every((target) => shown.includes(target.transactionId))) {
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-stale-button") }), ctx.logger);
    return;
  }
  // What /watch costs for the same IDs: the checks they will take are paid for up front.
  const ids = [...new Set(targets.map((target) => target.transactionId))];
  if (!(await ctx.budget.spend(queryCost({ scope: "status", ids })))) return;
  const result = await startWatch(deps.watches, targets, watcherOf(ctx, message.message_id, results), deps.maxPerUser);
  if (result.type === "limit") {
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-watch-limit", { max: result.max }), show_alert: true }), ctx.logger);
    return;
  }
  const added = result.type === "started" ? result.added : 0;
  if (result.type === "started") recordEvent(ctx, deps.history, result.newly, { event: "watch-started", how: "watch" });
  ctx.logger.info({ chatId: message.chat.id, userId: ctx.from?.id, watched: targets.map((ref) => `${ref.scope}:${ref.transactionId}`), added }, "watch started");
  await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(added > 0 ? "toast-watching" : "toast-already-watching") }), ctx.logger);
  await refreshKeyboard(ctx, deps, query, targets);
}

async function stopPressed(ctx: BotContext, deps: WatchFeatureOptions, payload: AnswerPress): Promise<void> {
  const message = ctx.callbackQuery?.message;
  if (!message) return;
  const { query, targets } = await targetsOfAnswer(ctx, deps, payload);
  const ids = new Set(query.ids);
  const stopped = await deps.watches.unsubscribe(message.chat.id, ctx.from?.id ?? 0, (ref) => ids.has(ref.transactionId));
  await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(stopped.length > 0 ? "toast-stopped" : "toast-not-watching") }), ctx.logger);
  await refreshKeyboard(ctx, deps, query, targets);
}

async function unwatchPressed(ctx: BotContext, deps: WatchFeatureOptions, payload: AnswerPress): Promise<void> {
  const chatId = ctx.chat?.id ?? 0;
  const stopped = await deps.watches.unsubscribe(chatId, ctx.from?.id ?? 0, (ref) => ref.scope === payload.scope && payload.ids.includes(ref.transactionId));
  await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(stopped.length > 0 ? "toast-stopped" : "toast-not-watching") }), ctx.logger);
  const list = await watchList(ctx, deps);
  await tolerateHarmless(ctx.editMessageText(list.text, { entities: list.entities, ...(list.keyboard ? { reply_markup: list.keyboard } : {}) }), ctx.logger);
}

/** The answer's buttons again, showing who watches now (the text does not change). */
async function refreshKeyboard(ctx: BotContext, deps: WatchFeatureOptions, query: Query, targets: readonly TargetRef[]): Promise<void> {
  const chat = ctx.chat;
  if (!chat) return;
  const watchers = await answerWatchers(deps.watches, chat.id, { targets }, ctx.from?.id);
  const keyboard = await answerKeyboard(query, ctx.t, deps.buttons, { chatType: chat.type, ...watchers });
  // 🆘 stays under the answer it was on (the buttons being redrawn are the same, watched or not).
  const shown = ctx.callbackQuery?.message && "reply_markup" in ctx.callbackQuery.message ? ctx.callbackQuery.message.reply_markup : undefined;
  const hadAskSupport = offersCases(ctx, deps) && (shown?.inline_keyboard.flat().some((button) => "callback_data" in button && caseButtons.isEscalation(button.callback_data)) ?? false);
  await tolerateHarmless(ctx.editMessageReplyMarkup({ reply_markup: hadAskSupport ? await withAskSupport(keyboard, query, ctx.t, deps.buttons) : keyboard }), ctx.logger);
}

const SCOPE_ORDER: Record<Scope, number> = { collection: 0, airtime: 1, status: 2 };

/** /watches, with a 🔕 button for each watch. */
async function watchList(ctx: BotContext, deps: WatchFeatureOptions) {
  // Oldest first, then by ID, collection before airtime: the same list every time it is asked for.
  const entries = (await deps.watches.watchesOf(ctx.chat?.id ?? 0, ctx.from?.id ?? 0)).sort(
    (a, b) => a.watch.startedAt - b.watch.startedAt || a.target.transactionId.localeCompare(b.target.transactionId) || SCOPE_ORDER[a.target.scope] - SCOPE_ORDER[b.target.scope],
  );
  const message = formatWatchList(entries, ctx.t, deps.clock);
  const shown = entries.slice(0, 50);
  // One ID watched as a collection and as airtime: two 🔕 that must not look alike.
  const twice = new Set(shown.map(({ target }) => target.transactionId).filter((id, index, ids) => ids.indexOf(id) !== index));
  const buttons: InlineKeyboardButton[] = [];
  for (const { target } of shown) {
    const data = await answerButtons.encode({ action: "unwatch", scope: target.scope, ids: [target.transactionId] }, deps.buttons);
    const label = twice.has(target.transactionId) ? ctx.t("button-unwatch-kind", { id: target.transactionId, kind: scopeLabel(target.scope, ctx.t) }) : ctx.t("button-unwatch", { id: target.transactionId });
    buttons.push(InlineKeyboard.text(label, data));
  }
  // Two short IDs to a row; a long one, or one with its kind, on a row of its own.
  const keyboard = buttons.length > 0 ? InlineKeyboard.from(phoneRows(buttons, 2)) : undefined;
  return { text: message.text, entities: message.entities, keyboard };
}
