import { InlineKeyboard, InputFile, type Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { BulkDelivery, BulkRequest } from "../../../payments/bulk/bulk-jobs.ts";
import { ENGLISH_REPORT_LABELS, reportCsv, reportRows } from "../../../payments/bulk/report.ts";
import type { ButtonStore } from "../../stores/button-store.ts";
import { describeTelegramFailure } from "../../transport/errors.ts";
import { answerButtons } from "../../buttons/answer-buttons.ts";
import { formatProgress, formatSummary, reportFileName } from "./bulk-format.ts";
import type { Messenger } from "../../notify/messenger.ts";

export interface BulkDeliveryOptions {
  /** Sends outside any update: a check outlives the update that started it. */
  api: Api;
  /** The owner's reader (a language chosen since the file was sent, the group's or the owner's, wins over the one it was sent in), and sends that must arrive. */
  messenger: Pick<Messenger, "readerFor" | "call" | "post">;
  buttons: ButtonStore;
  /** BOT_TIMEZONE: the report's file name. */
  timeZone: string;
  logger: Logger;
}

/**
 * A bulk check, as its owner sees it in Telegram: a progress message replying to the file, with a
 * ✖ Cancel button, edited as the check goes; at the end it becomes the summary, and the CSV
 * report is sent as a reply to the file. Progress is best effort; the summary and the report
 * must arrive (429s waited out, a supergroup followed).
 */
export function bulkDelivery({ api, messenger, buttons, timeZone, logger }: BulkDeliveryOptions): BulkDelivery {
  const readerOf = (job: { chatId: number; ownerId: number; locale: string }) => messenger.readerFor(job.chatId, { userId: job.ownerId, language: job.locale });
  const cancelKeyboard = async (jobId: string, request: BulkRequest) =>
    new InlineKeyboard().text(readerOf(request).t("button-cancel"), await answerButtons.encode({ action: "bulkCancel", scope: request.scope, jobId }, buttons));

  return {
    async started(jobId, request) {
      const reader = readerOf(request);
      const keyboard = await cancelKeyboard(jobId, request);
      const text = formatProgress(request.scope, 0, request.ids.length, reader.t);
      // Once: the owner is waiting, and a check that cannot show its progress does not start.
      const posted = await messenger.post("a bulk check's progress", { chatId: request.chatId, threadId: request.threadId }, { text, keyboard, replyTo: request.fileMessageId }, "once");
      if (!posted.ok) throw new Error(`could not show a bulk check's progress: ${posted.failure.description}`);
      return posted.messageId;
    },

    progress(jobId, request, record, done) {
      const reader = readerOf(request);
      const text = formatProgress(request.scope, done, request.ids.length, reader.t);
      void cancelKeyboard(jobId, request)
        .then((keyboard) => api.editMessageText(request.chatId, record.progressMessageId, text, { reply_markup: keyboard }))
        // Progress is best effort: a 429 only skips this update.
        .catch((error: unknown) => logger.debug({ description: describeTelegramFailure(error), chatId: request.chatId }, "a bulk check's progress was not shown"));
    },

    async finished(request, record, { ending, results, verdicts }) {
      const { t } = readerOf(request);
      const summary = formatSummary(ending, request.scope, request.fileName, results.length, request.ids.length, verdicts, { total: request.invalid.total, listed: request.invalid.listed.length }, t);
      await messenger.call("a bulk check's summary", request.chatId, (chatId) => api.editMessageText(chatId, record.progressMessageId, summary));
      if (results.length === 0 && request.invalid.total === 0) return;
      const csv = await reportCsv(reportRows(results, request.invalid, { ...ENGLISH_REPORT_LABELS, eitherKind: t("bulk-kind-status") }));
      const file = () => new InputFile(Buffer.from(csv, "utf8"), reportFileName(new Date(), timeZone));
      await messenger.call("a bulk check's report", { chatId: request.chatId, threadId: request.threadId }, (chatId, threadId) =>
        api.sendDocument(chatId, file(), {
          caption: t("bulk-report-caption", { file: request.fileName }),
          reply_parameters: { message_id: request.fileMessageId, allow_sending_without_reply: true },
          ...(threadId === undefined ? {} : { message_thread_id: threadId }),
        }),
      );
    },

    async interrupted(record) {
      const text = readerOf(record).t("bulk-interrupted", { total: record.total, file: record.fileName });
      await messenger.call("a bulk check's interruption notice", record.chatId, (chatId) => api.editMessageText(chatId, record.progressMessageId, text));
    },
  };
}
