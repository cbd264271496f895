import { Composer } from "grammy";
import { isAdmin } from "../../../access/policy.ts";
import type { HistoryEntry } from "../../../payments/history/entry.ts";
import { exportCsv, latestCsv } from "../../../payments/history/export/export-csv.ts";
import { parseExportRequest, type ExportParse, type ExportRequest } from "../../../payments/history/export/export-request.ts";
import { isoInZone, LatestPerPayment } from "../../../payments/history/export/export-rows.ts";
import { firstAndRest, rangeEntries } from "../../../payments/history/read-range.ts";
import type { BotContext } from "../../context.ts";
import { topicOfUpdate, inTopic } from "../../topic.ts";
import { csvUpload } from "./csv-upload.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { commands } from "../../views/commands.ts";
import type { Translate } from "../../views/format/translate.ts";
import type { HistoryFeatureDeps } from "./history.ts";
import type { RunningExports } from "./running-exports.ts";

/** Exports work in ADMIN_CHAT_ID (`isAdminChat`) and in an admin's private chat. */
export interface ExportFeatureDeps extends Pick<HistoryFeatureDeps, "journal" | "days" | "policy" | "timeZone" | "isAdminChat"> {
  now: () => number;
  /** The exports running here: one per admin, and stopped with the bot (the area's stop). */
  running: RunningExports;
}

/** The progress message is edited at most this often (as a bulk check's: Telegram allows about one edit a second). */
const PROGRESS_EVERY_MS = 3_000;

/** The short answer to an export asked for wrongly. */
function refusal(parsed: Exclude<ExportParse, { type: "ok" }>, t: Translate): string {
  switch (parsed.type) {
    case "bad-date":
      return t("export-bad-date", { text: parsed.text.slice(0, 40) });
    case "bad-filter":
      return t("export-bad-filter", { text: parsed.text.slice(0, 40) });
    case "too-long":
      return t("export-too-long", { days: parsed.days });
    case "reversed":
      return t("export-reversed");
  }
}

/**
 * /export (admins, in a private chat or ADMIN_CHAT_ID): every entry of a range as a CSV document,
 * streamed from the store page by page while Telegram receives it, then a second file with the
 * latest status of each payment in the range; a progress message says how far it got. The export
 * runs beside the updates (the update that asked for it is done at once). Anyone else who sends
 * /export gets what an unknown command gets.
 */
export function exportFeature(deps: ExportFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const iso = isoInZone(deps.timeZone);

  composer
    .filter((ctx) => isAdmin(deps.policy, ctx.from?.id))
    .command(commands.export.name, async (ctx) => {
      const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
      const say = (text: string) => ctx.reply(text, { reply_parameters: replyParameters });
      if (ctx.chat.type !== "private" && !deps.isAdminChat(ctx.chat.id)) return void (await say(ctx.t("admin-only-here")));
      if (deps.days <= 0) return void (await say(ctx.t("history-off")));
      const parsed = parseExportRequest(ctx.match, deps.now(), deps.timeZone);
      if (parsed.type !== "ok") return void (await say(refusal(parsed, ctx.t)));
      const admin = ctx.from?.id ?? 0;
      // One at a time per admin, on any instance (two sent at once cannot both start).
      const run = await deps.running.begin(admin);
      if (!run) return void (await say(ctx.t("export-running")));
      let started = false;
      try {
        const range = { from: ctx.day(parsed.request.from), to: ctx.day(parsed.request.to - 1) };
        const entries = await firstAndRest(rangeEntries(deps.journal, parsed.request.from, parsed.request.to, parsed.request.filters));
        if (!entries) return void (await say(ctx.t("export-none", range)));
        const progress = await say(ctx.t("export-progress", { ...range, count: 0 }));
        started = true;
        // Beside the updates; the stop waits for it through run.end(), called once the admin was told.
        void sendExport(ctx, parsed.request, entries, progress.message_id, range, run.signal)
          .catch(async (error: unknown) => {
            const stopping = run.signal.aborted;
            if (stopping) ctx.logger.info({ admin }, "an export was stopped with the bot");
            else ctx.logger.warn({ err: error }, "an export stopped before the end");
            await tolerateHarmless(ctx.api.editMessageText(progress.chat.id, progress.message_id, ctx.t(stopping ? "export-stopped" : "export-failed")), ctx.logger).catch(() => undefined);
          })
          .finally(() => run.end());
      } finally {
        if (!started) run.end();
      }
    });

  const sendExport = async (ctx: BotContext, request: ExportRequest, entries: AsyncGenerator<HistoryEntry>, progressId: number, range: { from: string; to: string }, stopped: AbortSignal) => {
    const chatId = ctx.chat?.id ?? 0;
    const topic = inTopic(topicOfUpdate(ctx));
    let latest = new LatestPerPayment();
    let count = 0;
    let shownAt = deps.now();
    /** The latest progress edit: awaited before the last word, which a late progress edit must never overwrite. */
    let progressShown: Promise<unknown> = Promise.resolve();
    const seen = (entry: HistoryEntry) => {
      count++;
      latest.add(entry);
      if (deps.now() - shownAt < PROGRESS_EVERY_MS || stopped.aborted) return;
      shownAt = deps.now();
      // Best effort, never awaited here: the file goes on streaming meanwhile.
      progressShown = tolerateHarmless(ctx.api.editMessageText(chatId, progressId, ctx.t("export-progress", { ...range, count })), ctx.logger).catch(() => undefined);
    };
    const name = request.firstDay === request.lastDay ? request.firstDay : `${request.firstDay}_${request.lastDay}`;
    // A retry (a 429 once the file is up) sends the whole file again: counted again from nothing.
    const upload = csvUpload((attempt) => {
      if (attempt > 0) [count, latest] = [0, new LatestPerPayment()];
      return exportCsv(attempt === 0 ? entries : rangeEntries(deps.journal, request.from, request.to, request.filters), iso, seen);
    }, `history-${name}.csv`, stopped);
    try {
      await ctx.api.sendDocument(chatId, upload.file, { caption: ctx.t("export-caption", range), ...topic }, upload.signal);
      if (latest.size > 0) {
        const second = csvUpload(() => latestCsv(latest, iso), `latest-${name}.csv`, stopped);
        await ctx.api.sendDocument(chatId, second.file, { caption: ctx.t("export-latest-caption", range), ...topic }, second.signal);
      }
    } finally {
      await progressShown;
    }
    await tolerateHarmless(ctx.api.editMessageText(chatId, progressId, ctx.t("export-done", { ...range, count, payments: latest.size })), ctx.logger);
  };
  return composer;
}
