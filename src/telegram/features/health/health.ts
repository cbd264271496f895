import { Composer } from "grammy";
import type { MessageEntity } from "grammy/types";
import type { AdminFacts, HealthReport } from "../../../payments/health/reporting/report.ts";
import { StateUnavailableError } from "../../../state/ports.ts";
import type { BotContext } from "../../context.ts";
import { commands } from "../../views/commands.ts";
import { formatHealth } from "./health-format.ts";
import type { Clock } from "../../views/format/text.ts";

export interface HealthFeatureDeps {
  /** The figures as of a time, read from the state store (every instance's). */
  report: (at: number) => Promise<HealthReport>;
  /** What admins also see. */
  adminFacts: () => Promise<AdminFacts>;
  /** Whether the person or chat asking sees the admins' part: an admin, or anyone in the admin chat. */
  forAdmins: (ctx: BotContext) => boolean;
  clock: Clock;
  now?: () => number;
}

/** A report this fresh is shown again rather than read again: a group asking at once costs one read. */
const REPORT_REUSE_MS = 1_000;

/** /health: is it this payment, or the provider? For anyone allowed here. */
export function healthFeature(deps: HealthFeatureDeps): Composer<BotContext> {
  const now = deps.now ?? Date.now;
  let latest: { at: number; report: Promise<HealthReport> } | undefined;
  const report = () => {
    const at = now();
    if (!latest || at - latest.at >= REPORT_REUSE_MS) {
      const reading = deps.report(at);
      latest = { at, report: reading };
      // A failed read is not kept: the next /health tries again.
      reading.catch(() => latest?.report === reading && (latest = undefined));
    }
    return latest.report;
  };

  const composer = new Composer<BotContext>();
  composer.command(commands.health.name, async (ctx) => {
    const reply = (text: string, entities?: MessageEntity[]) =>
      ctx.reply(text, { ...(entities ? { entities } : {}), reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true }, link_preview_options: { is_disabled: true } });
    let shown: HealthReport;
    try {
      shown = await report();
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      ctx.logger.warn({ err: error }, "/health: the figures could not be read");
      await reply(ctx.t("health-unavailable"));
      return;
    }
    const admin = deps.forAdmins(ctx) ? await deps.adminFacts() : undefined;
    const message = formatHealth(shown, { t: ctx.t, numbers: ctx.numbers, clock: deps.clock, day: ctx.day }, admin);
    await reply(message.text, message.entities);
  });
  return composer;
}
