import { Composer, InlineKeyboard } from "grammy";
import { isAdmin, isAllowed, type AccessPolicy } from "../../../access/policy.ts";
import { isValidTransactionId } from "../../../payments/enquiry/transaction-id.ts";
import { isoInZone } from "../../../payments/history/export/export-rows.ts";
import { readTimeline } from "../../../payments/history/read-timeline.ts";
import { historyView, type HistoryReader } from "../../../payments/history/visibility.ts";
import { queryCost, SCOPES, type Query, type Scope } from "../../../payments/query.ts";
import type { Journal } from "../../../state/journal.ts";
import { answerButtons } from "../../buttons/answer-buttons.ts";
import { historyButtons } from "../../buttons/history-buttons.ts";
import type { PressContext, Presses } from "../../buttons/router.ts";
import type { BotContext } from "../../context.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { commands } from "../../views/commands.ts";
import { askerOf, replyWithAnswer, type AnswerDependencies } from "../send-answer.ts";
import { historyMessage, lineText, pagesOf } from "./history-format.ts";
import { shownPages, type ShownTimeline } from "./shown-pages.ts";

export interface HistoryFeatureDeps {
  journal: Journal;
  /** HISTORY_DAYS: 0 keeps nothing, and the commands say so. */
  days: number;
  policy: AccessPolicy;
  /** SUPPORT_CHAT_ID: its members, reading there, see everything with names. */
  supportChatId: number | undefined;
  timeZone: string;
  answers: AnswerDependencies;
  presses: Presses;
  /** ADMIN_CHAT_ID (any of its topics): where admins read with names, as in private. */
  isAdminChat: (chatId: number | undefined) => boolean;
  /** The clock that ages the pages kept for ◀ ▶. */
  now?: () => number;
}

/** Who reads, and what the access rules let them see here. */
export function readerOf(ctx: BotContext, deps: Pick<HistoryFeatureDeps, "policy" | "supportChatId" | "isAdminChat">): HistoryReader {
  const userId = ctx.from?.id ?? 0;
  const chat = ctx.chat;
  // An admin sees names where only the team reads: in private, ADMIN_CHAT_ID or SUPPORT_CHAT_ID. In
  // an agents' group the admin's /history (and a ◀ ▶ an admin presses there) names nobody else.
  const teamOnly = chat !== undefined && (chat.type === "private" || chat.id === deps.supportChatId || deps.isAdminChat(chat.id));
  return {
    userId,
    admin: teamOnly && isAdmin(deps.policy, userId),
    inSupportChat: chat !== undefined && chat.id === deps.supportChatId,
    mayAsk: chat !== undefined && isAllowed(deps.policy, { id: chat.id, type: chat.type }, userId),
  };
}

/** `/history <ID> [collection|airtime|status]`: what was asked, or undefined (then the usage). */
export function historyRequest(text: string): { id: string; scope: Scope } | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean);
  // A kind written first ("/history collection TX-1") is a kind, not the ID, though it looks like one.
  const isScope = (word: string) => SCOPES.some((scope) => scope === word.toLowerCase());
  const id = words.find((word) => !isScope(word) && isValidTransactionId(word)) ?? (words.length === 1 ? words.find(isValidTransactionId) : undefined);
  const scopes = words.filter((word) => word !== id);
  const scope = scopes.length === 0 ? "status" : SCOPES.find((candidate) => candidate === scopes[0]?.toLowerCase());
  if (!id || scope === undefined || scopes.length > 1) return undefined;
  return { id, scope };
}

/**
 * /history: a payment's timeline, oldest first, folded, a page at a time with ◀ ▶, ending with the
 * status as last known and 🔄 to check it now. A payment nobody asked about is checked at once.
 */
export function historyFeature(deps: HistoryFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const iso = isoInZone(deps.timeZone);

  const shown = shownPages(deps.now ?? Date.now);

  /** The reader's timeline as pages of lines: read from the store, or for ◀ ▶ the one just shown; undefined when nothing was recorded. */
  const timelinePages = async (ctx: BotContext, scope: Scope, id: string, fresh: boolean): Promise<ShownTimeline | undefined> => {
    const reader = readerOf(ctx, deps);
    const view = historyView(reader);
    const key = JSON.stringify([reader.userId, ctx.chat?.id, view, ctx.locale, scope, id]);
    const kept = fresh ? undefined : shown.get(key);
    if (kept) return kept;
    // The day as the reader's language writes it, the time to the second, both in BOT_TIMEZONE (ctx.day's zone
    // too): the day is formatted once per day of the timeline, not for each of thousands of lines.
    const days = new Map<string, string>();
    const time = (at: number) => {
      const stamp = iso(at);
      const dayKey = stamp.slice(0, 10);
      let day = days.get(dayKey);
      if (day === undefined) days.set(dayKey, (day = ctx.day(at)));
      return `${day} ${stamp.slice(11, 19)}`;
    };
    // Each line becomes text as the fold makes it: only the texts are kept, never ten thousand entries.
    const texts: string[] = [];
    const timeline = await readTimeline(deps.journal, scope, id, reader, view, (line) => void texts.push(lineText(line, ctx.t, time, scope === "status")));
    if (timeline.entries === 0) return undefined;
    const made = { pages: pagesOf(texts), status: timeline.status, lastSaid: timeline.lastSaid };
    shown.set(key, made);
    return made;
  };

  /** The page asked for (the last when past the end), with its buttons; undefined when nothing was recorded. */
  const render = async (ctx: BotContext, scope: Scope, id: string, page: number, fresh: boolean) => {
    const timeline = await timelinePages(ctx, scope, id, fresh);
    if (!timeline) return undefined;
    const pages = timeline.pages;
    const at = Math.max(0, Math.min(page, pages.length - 1));
    const keyboard = new InlineKeyboard();
    if (at > 0) keyboard.text("◀", await historyButtons.encode({ action: "historyPage", scope, id, page: at - 1 }, deps.answers.buttons));
    if (at < pages.length - 1) keyboard.text("▶", await historyButtons.encode({ action: "historyPage", scope, id, page: at + 1 }, deps.answers.buttons));
    if (pages.length > 1) keyboard.row();
    keyboard.text(ctx.t("history-check-now"), await answerButtons.encode({ action: "refresh", scope, ids: [id] }, deps.answers.buttons));
    return { text: historyMessage(id, timeline, pages[at] ?? [], { page: at, pages: pages.length }, ctx.t), keyboard };
  };

  composer.command(commands.history.name, async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    if (deps.days <= 0) return void (await ctx.reply(ctx.t("history-off"), { reply_parameters: replyParameters }));
    const asked = historyRequest(ctx.match);
    if (!asked) return void (await ctx.reply(ctx.t("history-usage"), { reply_parameters: replyParameters }));
    // The access gate has refused anyone who may not ask here; this holds the rule whatever comes before it.
    if (historyView(readerOf(ctx, deps)) === "nothing") return;
    // Oldest first: the first page, ▶ towards the latest.
    const first = await render(ctx, asked.scope, asked.id, 0, true);
    if (first) return void (await ctx.reply(first.text, { reply_parameters: replyParameters, reply_markup: first.keyboard, link_preview_options: { is_disabled: true } }));
    await ctx.reply(ctx.t("history-nothing", { id: asked.id }), { reply_parameters: replyParameters });
    const query: Query = { scope: asked.scope, ids: [asked.id] };
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const results = await deps.answers.checker.run(query, askerOf(ctx, "command"));
    await replyWithAnswer(ctx, deps.answers, query, results, replyParameters);
  });

  deps.presses.on("historyPage", async (ctx: PressContext, { scope, id, page }) => {
    if (deps.days <= 0 || historyView(readerOf(ctx, deps)) === "nothing") return void (await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger));
    const turned = await render(ctx, scope, id, page, false);
    if (turned) await tolerateHarmless(ctx.editMessageText(turned.text, { reply_markup: turned.keyboard, link_preview_options: { is_disabled: true } }), ctx.logger);
    await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
  });
  return composer;
}
