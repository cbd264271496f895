import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";
import { isAdmin, isAllowed, isAllowedPerson, type AccessPolicy } from "../../access/policy.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import type { ChatAliases } from "../stores/chat-aliases.ts";
import type { BotContext } from "../context.ts";
import { INLINE_CACHE_SECONDS } from "../views/inline-cache.ts";
import type { SendingPolicy } from "../transport/retry.ts";
import { accessButtons } from "../buttons/access-buttons.ts";
import { adminCommandNames, commands } from "../views/commands.ts";
import { formatWhoami } from "../views/format/identity.ts";
import { commandName, isCommandForOtherBot, isCommandMessage, isInviteStart, isReceiptCheck } from "../message-command.ts";
import { inTopic, topicOf } from "../topic.ts";

export interface AccessGateOptions {
  policy: AccessPolicy;
  aliases: ChatAliases;
  /** Remembers who was answered, so that strangers get at most one reply per window. */
  kv: KeyValueStore;
  windowSeconds: number;
  sending: SendingPolicy;
  /** Keeps the names of people and groups let in from the chat as last seen (for /users). */
  noteNames?: (ctx: BotContext) => void;
}

/** A reply to a stranger never waits longer than this for Telegram. */
const STRANGER_REPLY_TIMEOUT_MS = 3_000;

/** grammY types its signals with the abort-controller package's AbortSignal, which Node's satisfies. */
type CallSignal = Parameters<BotContext["api"]["raw"]["sendMessage"]>[1];

/**
 * Lets allowed chats through and stops everyone else before any work is done. Strangers are
 * answered at most once per window, per user and per chat, and only on a best-effort basis (one
 * attempt, no retry): a flood of strangers costs a few cheap writes and never holds up anyone
 * else's answer: while Telegram throttles the bot (a 429), or while a few replies to strangers are
 * already on their way, further strangers get nothing. A stranger's /whoami is answered (once per window) because it is how they find
 * the ID to give an admin; any other command gets a polite refusal that shows that ID. A button
 * press gets a toast, which is not a message and does not use the window. Group chatter is
 * ignored without a word, and so are private chats whose ID is not their sender's (forged).
 */
export function accessGate({ policy, aliases, kv, windowSeconds, sending, noteNames }: AccessGateOptions): MiddlewareFn<BotContext> {
  const windowMs = windowSeconds * 1000;
  /** One reply of this kind per window, for this user and for this chat. */
  const mayAnswer = async (kind: string, userId: number, chatId: number) =>
    (await kv.setIfAbsent(`stranger:${kind}:u:${userId}`, "1", windowMs)) &&
    (chatId === userId || (await kv.setIfAbsent(`stranger:${kind}:c:${chatId}`, "1", windowMs)));

  return async (ctx, next) => {
    const chat = ctx.chat;
    const userId = ctx.from?.id;
    // Inline queries, the results chosen from them, and buttons on inline messages come from a person and no chat: the person decides.
    const chatless = ctx.inlineQuery !== undefined || ctx.chosenInlineResult !== undefined || (ctx.callbackQuery !== undefined && ctx.callbackQuery.message === undefined);
    // What the access features handle themselves: asking, deciding, invites, being added to a group, admin commands.
    if (isAccessUpdate(ctx) && (!isAdminCommand(ctx) || isAdmin(policy, ctx.from?.id))) return next();
    // Checking a receipt is open to anyone, in private: the customer a receipt was forwarded to.
    if (isReceiptCheck(ctx)) return next();
    if (chatless) {
      if (isAllowedPerson(policy, userId)) return next();
    } else {
      const formerId = chat && chat.type !== "private" && !policy.allowEveryone && !policy.allowedChatIds.has(chat.id) && !policy.granted.hasChat(chat.id) ? await aliases.formerIdOf(chat.id) : undefined;
      if (isAllowed(policy, chat, userId, formerId)) {
        noteNames?.(ctx);
        return next();
      }
    }
    // While Telegram throttles the bot, or a few replies to strangers are on their way, strangers get nothing.
    const slot = sending.bestEffortSlot();
    if (!slot) return;
    try {
      await answerStranger(ctx);
    } finally {
      slot.release();
    }
  };

  async function answerStranger(ctx: BotContext): Promise<void> {
    const chat = ctx.chat;
    const userId = ctx.from?.id;
    if (ctx.inlineQuery) {
      // No results; a button that opens the private chat, where /start shows the ID to give an admin.
      const id = ctx.inlineQuery.id;
      await bestEffort(ctx.logger, (signal) =>
        ctx.api.raw.answerInlineQuery(
          sending.bestEffort({ inline_query_id: id, results: [], cache_time: INLINE_CACHE_SECONDS, is_personal: true, button: { text: ctx.t("inline-access-button"), start_parameter: "access" } }),
          signal,
        ),
      );
      return;
    }
    if (ctx.callbackQuery) {
      ctx.logger.debug({ chatId: chat?.id, userId }, "button press refused: not allowed here");
      const id = ctx.callbackQuery.id;
      await bestEffort(ctx.logger, (signal) => ctx.api.raw.answerCallbackQuery(sending.bestEffort({ callback_query_id: id, text: ctx.t("toast-not-allowed") }), signal));
      return;
    }
    const message = ctx.message;
    if (!message || !chat || userId === undefined) return;
    if (chat.type === "private" && chat.id !== userId) {
      ctx.logger.warn({ chatId: chat.id, userId }, "private chat that is not its sender's: ignored");
      return;
    }
    if ((chat.type !== "private" && !isCommandMessage(ctx)) || isCommandForOtherBot(ctx)) return;

    const whoami = commandName(ctx) === commands.whoami.name;
    if (!(await mayAnswer(whoami ? "whoami" : "refusal", userId, chat.id))) return;
    ctx.logger.info({ chatId: chat.id, userId, chatType: chat.type, whoami }, "stranger answered: not allowed here");
    const canAsk = chat.type === "private" && policy.adminUserIds.size > 0;
    const refusalKey = chat.type !== "private" ? "access-denied-group" : canAsk ? "access-denied-private-request" : "access-denied-private";
    const threadId = topicOf(message);
    const reply = whoami
      ? formatWhoami({ userId, chatId: chat.id, chatType: chat.type, threadId }, false, ctx.t)
      : { text: ctx.t(refusalKey, { userId: String(userId), chatId: String(chat.id) }), entities: [] };
    // A stranger may ask the admins from their refusal (not from /whoami, whose IDs are for giving by hand).
    const askButton = canAsk && !whoami ? { reply_markup: { inline_keyboard: [[{ text: ctx.t("button-request-access"), callback_data: accessButtons.encode({ action: "requestAccess" }) }]] } } : {};
    await bestEffort(ctx.logger, (signal) =>
      ctx.api.raw.sendMessage(
        sending.bestEffort({
          chat_id: chat.id,
          text: reply.text,
          entities: reply.entities,
          reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
          // A refusal in a forum topic is read where it was asked, not in General.
          ...inTopic(threadId),
          ...askButton,
        }),
        signal,
      ),
    );
  }
}

/**
 * An update for the access features: the bot added to or removed from a chat, an access button,
 * an invite link opened, an admin command (for this bot). A cheap test, so that every other update
 * passes the access features without going through them.
 */
export function isAccessUpdate(ctx: BotContext): boolean {
  return ctx.myChatMember !== undefined || accessButtons.owns(ctx.callbackQuery?.data ?? "") || isInviteStart(ctx) || isAdminCommand(ctx);
}

function isAdminCommand(ctx: BotContext): boolean {
  const command = commandName(ctx);
  return command !== undefined && adminCommandNames.has(command) && !isCommandForOtherBot(ctx);
}

async function bestEffort(logger: Logger, send: (signal: CallSignal) => Promise<unknown>): Promise<void> {
  try {
    await send(AbortSignal.timeout(STRANGER_REPLY_TIMEOUT_MS) as CallSignal);
  } catch (error) {
    logger.debug({ err: error }, "reply to a stranger not delivered");
  }
}
