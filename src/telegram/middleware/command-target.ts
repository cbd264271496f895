import type { Context } from "grammy";

/** A message that starts with a /command (to this bot or any other). */
export function isCommandMessage(ctx: Context): boolean {
  const entity = ctx.message?.entities?.[0];
  return entity?.type === "bot_command" && entity.offset === 0;
}

/** `/help@SomeOtherBot` in a group is not meant for us. */
export function isCommandForOtherBot(ctx: Context): boolean {
  if (!isCommandMessage(ctx)) return false;
  const entity = ctx.message?.entities?.[0];
  const command = (ctx.message?.text ?? "").slice(0, entity?.length ?? 0);
  const at = command.indexOf("@");
  return at !== -1 && command.slice(at + 1).toLowerCase() !== ctx.me.username.toLowerCase();
}

/** The command's name without the slash and any @BotName: `/Collection@Bot x` → `collection`. */
export function commandName(ctx: Context): string | undefined {
  if (!isCommandMessage(ctx)) return undefined;
  const entity = ctx.message?.entities?.[0];
  return (ctx.message?.text ?? "").slice(1, entity?.length ?? 0).split("@")[0]?.toLowerCase();
}
