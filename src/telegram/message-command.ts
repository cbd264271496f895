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
