import type { CommandContext, Context } from "grammy";
import type { Message } from "grammy/types";
import { extractIds, parseIds, type ParsedIds } from "../payments/parse-ids.ts";
import { MAX_IDS_PER_QUERY, type Query } from "../payments/query.ts";
import type { BotContext } from "./context.ts";
import { checkCommands } from "./views/commands.ts";

/** IDs typed after the command or, with none typed, those in the message the command replies to. */
export function idsAskedFor(ctx: CommandContext<BotContext>): ParsedIds {
  return idsIn(ctx.match, ctx.msg.reply_to_message);
}

function idsIn(typedAfterCommand: string, replied: Message | undefined): ParsedIds {
  const typed = parseIds(typedAfterCommand);
  if (typed.type !== "missing") return typed;
  const text = replied?.text ?? replied?.caption;
  return text === undefined ? typed : extractIds(text);
}

/**
 * The query a check command will ask, known from the message alone, before any middleware has
 * run (the rate limit charges it whole, an update's claim reads its cached answers ahead):
 * undefined for anything else. A command as grammY's `command` filter matches it: in a text,
 * named exactly, for this bot when it names one.
 */
export function checkQueryOf(ctx: Context): Query | undefined {
  const message = ctx.message;
  const entity = message?.entities?.[0];
  if (message?.text === undefined || entity?.type !== "bot_command" || entity.offset !== 0) return undefined;
  const command = message.text.substring(1, entity.length);
  const [name = "", bot] = command.split("@");
  if (bot !== undefined && bot.toLowerCase() !== ctx.me.username.toLowerCase()) return undefined;
  const check = checkCommands.find((candidate) => candidate.command.name === name);
  const parsed = check && idsIn(message.text.substring(command.length + 1), message.reply_to_message);
  return check && parsed?.type === "ids" ? { scope: check.scope, ids: parsed.ids } : undefined;
}

export function usageText(ctx: BotContext, command: string, parsed: Exclude<ParsedIds, { type: "ids" }>): string {
  switch (parsed.type) {
    case "missing":
      return ctx.t("usage", { command });
    case "invalid":
      return ctx.t("usage-invalid", { command });
    case "too_many":
      return ctx.t("usage-too-many", { max: String(MAX_IDS_PER_QUERY), count: String(parsed.count) });
  }
}
