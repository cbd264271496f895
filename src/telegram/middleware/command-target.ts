import type { Context } from "grammy";

/** `/help@SomeOtherBot` in a group is not meant for us. */
export function isCommandForOtherBot(ctx: Context): boolean {
  const text = ctx.message?.text ?? "";
  const entity = ctx.message?.entities?.[0];
  if (entity?.type !== "bot_command" || entity.offset !== 0) return false;
  const command = text.slice(0, entity.length);
  const at = command.indexOf("@");
  return at !== -1 && command.slice(at + 1).toLowerCase() !== ctx.me.username.toLowerCase();
}
