import type { Context } from "grammy";
import { looksLikeInviteCode } from "../access/invites.ts";

/** The command a message starts with: in its text, or in a file's caption. */
function leadingCommand(ctx: Context): string | undefined {
  const message = ctx.message;
  const text = message?.text ?? message?.caption ?? "";
  const entity = message?.entities?.[0] ?? message?.caption_entities?.[0];
  return entity?.type === "bot_command" && entity.offset === 0 ? text.slice(0, entity.length) : undefined;
}

/** A message that starts with a /command (to this bot or any other), in its text or its caption. */
export function isCommandMessage(ctx: Context): boolean {
  return leadingCommand(ctx) !== undefined;
}

/** `/help@SomeOtherBot` in a group is not meant for us. */
export function isCommandForOtherBot(ctx: Context): boolean {
  const command = leadingCommand(ctx);
  const at = command?.indexOf("@") ?? -1;
  return command !== undefined && at !== -1 && command.slice(at + 1).toLowerCase() !== ctx.me.username.toLowerCase();
}

/** `/help@ThisBot`: named for this bot, so meant for it even in a group full of bots. */
export function isCommandForThisBot(ctx: Context): boolean {
  const command = leadingCommand(ctx);
  const at = command?.indexOf("@") ?? -1;
  return command !== undefined && at !== -1 && command.slice(at + 1).toLowerCase() === ctx.me.username.toLowerCase();
}

/** The command's name without the slash and any @BotName: `/Collection@Bot x` → `collection`. */
export function commandName(ctx: Context): string | undefined {
  return leadingCommand(ctx)?.slice(1).split("@")[0]?.toLowerCase();
}

/** Whether a message is someone opening an invite link: `/start <code>` in a private chat. */
export function isInviteStart(ctx: Context): boolean {
  const text = ctx.message?.text;
  // Asked of every update: anything but "/start …" is turned away before any string is split.
  if (text === undefined || !text.startsWith("/start ") || ctx.chat?.type !== "private") return false;
  const [command, code = ""] = text.split(/\s+/);
  return command === "/start" && looksLikeInviteCode(code);
}

/** The code of `/start r_<code>` in a private chat: someone who opened a receipt's deep link. */
export function receiptStartCode(ctx: Context): string | undefined {
  const text = ctx.message?.text;
  if (text === undefined || !text.startsWith("/start r_") || ctx.chat?.type !== "private") return undefined;
  const [command, payload = ""] = text.split(/\s+/);
  return command === "/start" && payload.length <= 40 ? payload.slice(2) : undefined;
}

/**
 * A check of a receipt (/verify, or /start r_<code>) in a private chat: the one thing anyone may
 * ask, strangers included (the access gate lets it through, and nothing else of theirs).
 */
export function isReceiptCheck(ctx: Context): boolean {
  // A private chat whose ID is not its sender's is forged: nothing is let through for it.
  if (ctx.chat?.type !== "private" || ctx.chat.id !== ctx.from?.id || ctx.message?.text === undefined) return false;
  return receiptStartCode(ctx) !== undefined || (commandName(ctx) === "verify" && !isCommandForOtherBot(ctx));
}
