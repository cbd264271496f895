import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { GrammyError, InlineKeyboard, InputFile, type Api } from "grammy";
import type { Logger } from "../logger.ts";
import type { InvalidCell } from "../payments/bulk/read-ids.ts";
import { reportCsv, reportRows, verdictOf, type Verdict } from "../payments/bulk/report.ts";
import { runBulkCheck } from "../payments/bulk/run.ts";
import type { BackgroundBudget } from "../payments/budget.ts";
import type { Checker } from "../payments/check.ts";
import { relevantOutcomes, type IdResult, type Scope } from "../payments/query.ts";
import type { StateStore } from "../state/ports.ts";
import type { Translations } from "./i18n.ts";
import { describeTelegramFailure } from "./transport/startup-calls.ts";
import { encodeButton, type ButtonStore } from "./views/callback-data.ts";
import { formatProgress, formatSummary, reportFileName, type BulkEnding } from "./views/format/bulk.ts";

/** A file of IDs to check, as the upload feature hands it over. */
export interface BulkRequest {
  ownerId: number;
  chatId: number;
  /** The uploaded file's message: the progress message and the report reply to it. */
  fileMessageId: number;
  fileName: string;
  locale: string;
  scope: Scope;
  ids: readonly string[];
  invalid: readonly InvalidCell[];
}

export interface BulkJobsOptions {
  /** Sends outside any update: the job outlives the update that started it. */
  api: Api;
  state: StateStore;
  budget: BackgroundBudget;
  /** The background checker (its own connections), recording each enquiry `via: "bulk"`. */
  checker: Checker;
  translations: Translations;
  buttons: ButtonStore;
  instanceId: string;
  timeZone: string;
  logger: Logger;
}

/** The progress message is edited this often at most. */
export const PROGRESS_EVERY_MS = 2_000;
/** A running job looks for a cancel made through another instance this often. */
const CANCEL_POLL_MS = 500;
const JOB_TTL_MS = 6 * 60 * 60 * 1000;
const RUNNING = "bulk:running";

interface JobRecord {
  ownerId: number;
  chatId: number;
  progressMessageId: number;
  total: number;
  fileName: string;
  locale: string;
}

/**
 * Bulk checks run here, in the background, never inside the update that started them (so they
 * never hold up shutdown draining or anyone's command): one per user at a time, within the
 * background budget, with a progress message edited at most every 2 s and a ✖ Cancel button. At
 * the end the progress message becomes the summary, and the CSV report is sent as a reply to the
 * uploaded file. A shutdown stops running jobs and sends what was checked; a job whose instance
 * died is reported as interrupted to its owner by the next instance that starts.
 */
export function createBulkJobs(options: BulkJobsOptions) {
  const { api, state, logger } = options;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const ownerKey = (userId: number) => `bulk-owner:${userId}`;
  const jobKey = (jobId: string) => `bulk-job:${jobId}`;
  const cancelKey = (jobId: string) => `bulk-cancel:${jobId}`;
  // Claims live in the same key space as values: the claim needs a key of its own.
  const claimKey = (jobId: string) => `bulk-claim:${jobId}`;

  async function finish(jobId: string, record: JobRecord): Promise<void> {
    await state.kv.delete(ownerKey(record.ownerId)).catch(() => undefined);
    await state.kv.delete(jobKey(jobId)).catch(() => undefined);
    await state.sets.remove(RUNNING, jobId).catch(() => undefined);
    await state.claims.complete(claimKey(jobId), 60_000).catch(() => undefined);
  }

  /** A final message that must arrive: a 429 is waited out (a few times), other failures are logged. */
  async function deliver(what: string, call: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await call();
        return;
      } catch (error) {
        const retryAfter = error instanceof GrammyError ? error.parameters.retry_after : undefined;
        if (retryAfter === undefined || retryAfter > 30) {
          logger.warn({ description: describeTelegramFailure(error) }, `could not send the bulk check's ${what}`);
          return;
        }
        await sleep(retryAfter * 1000);
      }
    }
  }

  async function run(jobId: string, request: BulkRequest, record: JobRecord, controller: AbortController): Promise<void> {
    const t = options.translations.translatorFor(request.locale);
    const keyboard = new InlineKeyboard().text(t("button-cancel"), await encodeButton({ action: "cancel", scope: request.scope, ids: [jobId] }, options.buttons));
    let lastEdit = Date.now();
    let shown = 0;
    const progress = (done: number) => {
      if (Date.now() - lastEdit < PROGRESS_EVERY_MS || done === shown) return;
      lastEdit = Date.now();
      shown = done;
      // Progress is best effort: a 429 only skips this edit.
      api.editMessageText(request.chatId, record.progressMessageId, formatProgress(request.scope, done, request.ids.length, t, request.locale), { reply_markup: keyboard }).catch(() => undefined);
    };
    const cancelPoll = setInterval(() => {
      void state.kv.get(cancelKey(jobId)).then(
        (cancelled) => cancelled && controller.abort("cancelled"),
        () => undefined,
      );
    }, CANCEL_POLL_MS);
    let outcome: { results: IdResult[]; cancelled: boolean };
    try {
      outcome = await runBulkCheck({
        scope: request.scope,
        ids: request.ids,
        checker: options.checker,
        budget: options.budget,
        asker: { userId: request.ownerId, chatId: request.chatId, via: "bulk", logger: logger.child({ bulkJob: jobId }) },
        signal: controller.signal,
        onProgress: progress,
      });
    } finally {
      clearInterval(cancelPoll);
    }
    const ending: BulkEnding = !outcome.cancelled ? "done" : controller.signal.reason === "cancelled" ? "cancelled" : "stopped";
    const verdicts: Record<Verdict, number> = { success: 0, failed: 0, not_final: 0, not_found: 0, could_not_check: 0 };
    for (const result of outcome.results) verdicts[verdictOf(relevantOutcomes(result))]++;
    const summary = formatSummary(ending, request.scope, request.fileName, outcome.results.length, request.ids.length, verdicts, request.invalid.length, t, request.locale);
    await deliver("summary", () => api.editMessageText(request.chatId, record.progressMessageId, summary));
    if (outcome.results.length > 0 || request.invalid.length > 0) {
      const csv = reportCsv(reportRows(outcome.results, request.invalid, t("bulk-kind-status")));
      await deliver("report", () =>
        api.sendDocument(request.chatId, new InputFile(Buffer.from(csv, "utf8"), reportFileName(new Date(), options.timeZone)), {
          caption: t("bulk-report-caption", { file: request.fileName }),
          reply_parameters: { message_id: request.fileMessageId, allow_sending_without_reply: true },
        }),
      );
    }
    logger.info({ bulkJob: jobId, ownerId: request.ownerId, checked: outcome.results.length, total: request.ids.length, ending, ...verdicts }, "bulk check finished");
  }

  return {
    /** Starts a check for a file, unless its owner already has one running (then says which). */
    async start(request: BulkRequest): Promise<{ type: "started"; jobId: string } | { type: "busy"; jobId: string; total: number }> {
      const jobId = randomBytes(6).toString("base64url");
      if (!(await state.kv.setIfAbsent(ownerKey(request.ownerId), jobId, JOB_TTL_MS))) {
        const current = (await state.kv.get(ownerKey(request.ownerId))) ?? "";
        const record = await state.kv.get(jobKey(current));
        return { type: "busy", jobId: current, total: record ? (JSON.parse(record) as JobRecord).total : 0 };
      }
      const t = options.translations.translatorFor(request.locale);
      const keyboard = new InlineKeyboard().text(t("button-cancel"), await encodeButton({ action: "cancel", scope: request.scope, ids: [jobId] }, options.buttons));
      let progressMessage;
      try {
        progressMessage = await api.sendMessage(request.chatId, formatProgress(request.scope, 0, request.ids.length, t, request.locale), {
          reply_markup: keyboard,
          reply_parameters: { message_id: request.fileMessageId, allow_sending_without_reply: true },
        });
      } catch (error) {
        await state.kv.delete(ownerKey(request.ownerId));
        throw error;
      }
      const record: JobRecord = { ownerId: request.ownerId, chatId: request.chatId, progressMessageId: progressMessage.message_id, total: request.ids.length, fileName: request.fileName, locale: request.locale };
      await state.claims.claim(claimKey(jobId), options.instanceId, JOB_TTL_MS);
      await state.kv.set(jobKey(jobId), JSON.stringify(record), JOB_TTL_MS);
      await state.sets.add(RUNNING, jobId, JOB_TTL_MS);
      logger.info({ bulkJob: jobId, ownerId: request.ownerId, ids: request.ids.length, invalid: request.invalid.length, scope: request.scope }, "bulk check started");
      const controller = new AbortController();
      const done = run(jobId, request, record, controller)
        .catch((error: unknown) => logger.error({ err: String(error), bulkJob: jobId }, "bulk check failed"))
        .finally(() => {
          running.delete(jobId);
          return finish(jobId, record);
        });
      running.set(jobId, { controller, done });
      return { type: "started", jobId };
    },

    /** Cancels a user's own job, wherever it runs; true when there was one. */
    async cancel(jobId: string, userId: number): Promise<boolean> {
      const record = await state.kv.get(jobKey(jobId));
      if (!record || (JSON.parse(record) as JobRecord).ownerId !== userId) return false;
      running.get(jobId)?.controller.abort("cancelled");
      await state.kv.set(cancelKey(jobId), "1", JOB_TTL_MS);
      return true;
    },

    /** Jobs running here, for shutdown. */
    get size() {
      return running.size;
    },

    /** Shutdown: stops every job running here; each sends its summary and what it checked. */
    async stop(graceMs: number): Promise<void> {
      for (const { controller } of running.values()) controller.abort("stopping");
      await Promise.race([Promise.all([...running.values()].map((job) => job.done)), sleep(graceMs)]);
    },

    /** At start: jobs whose instance died (no heartbeat) are reported to their owners as interrupted. */
    async recoverOrphans(): Promise<void> {
      for (const jobId of await state.sets.members(RUNNING)) {
        if ((await state.claims.claim(claimKey(jobId), options.instanceId, 60_000)) !== "claimed") continue;
        const text = await state.kv.get(jobKey(jobId));
        if (text) {
          const record = JSON.parse(text) as JobRecord;
          const t = options.translations.translatorFor(record.locale);
          await deliver("interruption notice", () => api.editMessageText(record.chatId, record.progressMessageId, t("bulk-interrupted", { total: String(record.total), file: record.fileName })));
          logger.warn({ bulkJob: jobId, ownerId: record.ownerId }, "a bulk check was interrupted by a restart; its owner was told");
          await finish(jobId, record);
        } else {
          await state.sets.remove(RUNNING, jobId);
        }
      }
    },
  };
}

export type BulkJobs = ReturnType<typeof createBulkJobs>;
