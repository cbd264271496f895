import { Composer, InlineKeyboard } from "grammy";
import { exportCsv } from "../../../payments/history/export/export-csv.ts";
import { isoInZone } from "../../../payments/history/export/export-rows.ts";
import { personChecks, readMyChecks, toRecheck, type MyChecksPage } from "../../../payments/history/my-checks.ts";
import { firstAndRest } from "../../../payments/history/read-range.ts";
import { historyView } from "../../../payments/history/visibility.ts";
import { queryCost, type Query } from "../../../payments/query.ts";
import { historyButtons } from "../../buttons/history-buttons.ts";
import type { PressContext } from "../../buttons/router.ts";
import type { BotContext } from "../../context.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { commands } from "../../views/commands.ts";
import { askerOf, replyWithAnswer } from "../send-answer.ts";
import { readerOf, type HistoryFeatureDeps } from "./history.ts";
import { myChecksText } from "./history-format.ts";
import { csvUpload } from "./csv-upload.ts";

/** The CSV button sends this many days. */
const CSV_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * /mychecks (private): the agent's own checks, newest first, 10 a page with ◀ ▶; 🔄 re-checks
 * the payments of the page still not final (as any check: the rate limit and the provider's
 * budget count them); 📄 sends the agent's last 30 days as a CSV file, streamed from the store.
 */
export function myChecksFeature(deps: HistoryFeatureDeps & { now: () => number }): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const iso = isoInZone(deps.timeZone);
  const mayRead = (ctx: BotContext) => deps.days > 0 && ctx.chat?.type === "private" && historyView(readerOf(ctx, deps)) !== "nothing";

  const render = async (ctx: BotContext, page: number) => {
    const shown: MyChecksPage = await readMyChecks(deps.journal, ctx.from?.id ?? 0, page);
    if (shown.checks.length === 0) return { text: ctx.t("mychecks-none"), keyboard: undefined };
    const keyboard = new InlineKeyboard();
    if (shown.page > 0) keyboard.text("◀", await historyButtons.encode({ action: "mychecksPage", page: shown.page - 1 }, deps.answers.buttons));
    if (shown.more) keyboard.text("▶", await historyButtons.encode({ action: "mychecksPage", page: shown.page + 1 }, deps.answers.buttons));
    if (shown.page > 0 || shown.more) keyboard.row();
    const open = toRecheck(shown.checks).length;
    if (open > 0) keyboard.text(ctx.t("mychecks-recheck", { count: open }), await historyButtons.encode({ action: "mychecksRecheck", page: shown.page }, deps.answers.buttons)).row();
    keyboard.text(ctx.t("mychecks-csv"), await historyButtons.encode({ action: "mychecksCsv" }, deps.answers.buttons));
    return { text: myChecksText(shown, ctx.t, (at) => `${ctx.day(at)} ${iso(at).slice(11, 16)}`), keyboard };
  };

  composer.command(commands.mychecks.name, async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    if (deps.days <= 0) return void (await ctx.reply(ctx.t("history-off"), { reply_parameters: replyParameters }));
    if (ctx.chat.type !== "private") return void (await ctx.reply(ctx.t("mychecks-private"), { reply_parameters: replyParameters }));
    if (!mayRead(ctx)) return;
    const shown = await render(ctx, 0);
    await ctx.reply(shown.text, { reply_parameters: replyParameters, ...(shown.keyboard ? { reply_markup: shown.keyboard } : {}) });
  });

  const pressed = (handle: (ctx: PressContext) => Promise<void>) => async (ctx: PressContext) => {
    if (!mayRead(ctx)) return void (await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger));
    await handle(ctx);
  };

  deps.presses.on("mychecksPage", (ctx, { page }) =>
    pressed(async () => {
      const shown = await render(ctx, page);
      await tolerateHarmless(ctx.editMessageText(shown.text, shown.keyboard ? { reply_markup: shown.keyboard } : {}), ctx.logger);
      await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
    })(ctx),
  );

  deps.presses.on("mychecksRecheck", (ctx, { page }) =>
    pressed(async () => {
      const payments = toRecheck((await readMyChecks(deps.journal, ctx.from.id, page)).checks);
      if (payments.length === 0) return void (await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("mychecks-nothing-open") }), ctx.logger));
      // One answer per kind, as /collection and /airtime give them, charged together before any is asked (the
      // budget counts what the update spent in all): past the limit, the "slow down" toast answers the press.
      const queries = (["collection", "airtime"] as const)
        .map((kind): Query => ({ scope: kind, ids: payments.filter((payment) => payment.kind === kind).map((payment) => payment.id) }))
        .filter((query) => query.ids.length > 0);
      if (!(await ctx.budget.spend(queries.reduce((cost, query) => cost + queryCost(query), 0)))) return;
      await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
      const replyParameters = { message_id: ctx.callbackQuery.message?.message_id ?? 0, allow_sending_without_reply: true };
      for (const query of queries) {
        const results = await deps.answers.checker.run(query, askerOf(ctx, "refresh"), { fresh: true });
        await replyWithAnswer(ctx, deps.answers, query, results, replyParameters, undefined, "refresh");
      }
    })(ctx),
  );

  deps.presses.on("mychecksCsv", (ctx) =>
    pressed(async () => {
      await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
      const since = deps.now() - CSV_DAYS * DAY_MS;
      const entries = await firstAndRest(personChecks(deps.journal, ctx.from.id, { since }));
      if (!entries) return void (await ctx.reply(ctx.t("mychecks-csv-none")));
      const upload = csvUpload((attempt) => exportCsv(attempt === 0 ? entries : personChecks(deps.journal, ctx.from.id, { since }), iso), `my-checks-${iso(deps.now()).slice(0, 10)}.csv`);
      await ctx.replyWithDocument(upload.file, { caption: ctx.t("mychecks-csv-caption") }, upload.signal);
    })(ctx),
  );
  return composer;
}
