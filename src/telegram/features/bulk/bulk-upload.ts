import { personOf, placeOf } from "../history/asked-by.ts";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { decodeJson } from "../../../util/decode-json.ts";
import { Composer, InlineKeyboard, type Api } from "grammy";
import type { Document } from "grammy/types";
import { readIds } from "../../../payments/bulk/read-ids.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import type { Scope } from "../../../payments/query.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import type { BulkCheckStarter } from "../../../payments/bulk/bulk-jobs.ts";
import type { BotContext } from "../../context.ts";
import { commandName, isCommandForOtherBot } from "../../message-command.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { FileTooLargeError, type TelegramFiles } from "../../transport/files.ts";
import { answerButtons } from "../../buttons/answer-buttons.ts";
import type { Presses } from "../../buttons/router.ts";
import { type ButtonStore } from "../../stores/button-store.ts";
import { checkCommands } from "../../views/commands.ts";
import { kindKeyboard } from "../../views/keyboards.ts";
import { inTopic, topicOfUpdate } from "../../topic.ts";

export interface BulkUploadOptions {
  jobs: BulkCheckStarter;
  /** Downloads a user's file through the update's API (Telegram's, or a test's stand-in). */
  files: (api: Api) => TelegramFiles;
  buttons: ButtonStore;
  kv: KeyValueStore;
  /** BULK_MAX_IDS. */
  maxIds: number;
  /** The kind picked for a file, and ✖ Cancel, are handled here. */
  presses: Presses;
}

/** A file over this is refused before it is downloaded, by the size Telegram reports. */
export const MAX_FILE_BYTES = 1024 * 1024;
const TEXT_TYPES = new Set(["text/csv", "text/plain", "text/comma-separated-values", "text/tab-separated-values", "application/csv", "application/vnd.ms-excel"]);
/** How long the kind buttons under a file without a caption keep working. */
const PENDING_FILE_MS = 24 * 60 * 60 * 1000;

/** A file sent without a caption, waiting for its kind (kept in the store: any instance may get the press). */
const pendingFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  messageId: z.number(),
  /** The forum topic it was sent in: everything about it goes there. */
  threadId: z.number().optional(),
});
type PendingFile = z.output<typeof pendingFileSchema>;

/**
 * Bulk checks from a file, for support desks reconciling a day's payments: a .csv or .txt sent
 * with /collection, /airtime or /status as its caption (in a private chat or an allowed group), or
 * with no caption in a private chat (the bot then offers the kinds, as for bare IDs). Every bad
 * file gets one clear message; the check itself runs in the background (payments/bulk/bulk-jobs.ts).
 */
export function bulkUploadFeature(options: BulkUploadOptions): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const chats = composer.chatType(["private", "group", "supergroup"]);

  chats.on("message:document", async (ctx, next) => {
    const scope = captionScope(ctx);
    // In a group, only a file sent with a command is for the bot.
    if (ctx.chat.type !== "private" && scope === undefined) return next();
    if (isCommandForOtherBot(ctx)) return;
    const reply = (text: string, extra: { reply_markup?: InlineKeyboard } = {}) =>
      ctx.reply(text, { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true }, ...extra });
    const refusal = refusalFor(ctx, ctx.msg.document);
    if (refusal) {
      await reply(refusal);
      return;
    }
    const threadId = topicOfUpdate(ctx);
    const file: PendingFile = { fileId: ctx.msg.document.file_id, fileName: fileNameOf(ctx.msg.document), messageId: ctx.msg.message_id, ...(threadId === undefined ? {} : { threadId }) };
    if (scope) {
      await startCheck(ctx, options, file, scope);
      return;
    }
    const key = randomBytes(9).toString("base64url");
    await options.kv.set(`bulk-file:${key}`, JSON.stringify(file), PENDING_FILE_MS);
    const button = (kind: Scope) => answerButtons.encode({ action: "bulkKind", scope: kind, fileKey: key }, options.buttons);
    const keyboard = await kindKeyboard(ctx.t, button);
    await reply(ctx.t("bulk-pick-kind", { file: file.fileName }), { reply_markup: keyboard });
  });

  options.presses.on("bulkCancel", async (ctx, { jobId }) => {
    const cancelled = await options.jobs.cancel(jobId, ctx.from.id);
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(cancelled ? "toast-cancelled" : "toast-cancel-nothing") }), ctx.logger);
  });

  options.presses.on("bulkKind", async (ctx, { fileKey, scope }) => {
    // The file's kind is picked in the chat the file was sent to: never on a message posted elsewhere.
    if (!ctx.chat) return void (await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-stale-button") }), ctx.logger));
    const stored = await options.kv.get(`bulk-file:${fileKey}`);
    if (!stored) {
      await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-expired") }), ctx.logger);
      return;
    }
    await options.kv.delete(`bulk-file:${fileKey}`);
    await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
    await tolerateHarmless(ctx.editMessageReplyMarkup(), ctx.logger);
    const file = decodeJson(pendingFileSchema, stored);
    if (!file) return;
    await startCheck(ctx, options, file, scope);
  });

  composer.chatType("private").on("message:photo", async (ctx) => {
    await ctx.reply(ctx.t("bulk-photo"), { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } });
  });
  return composer;
}

/** The kind a file's caption asks for: /collection, /airtime or /status (with or without @ThisBot). */
function captionScope(ctx: BotContext): Scope | undefined {
  const name = commandName(ctx);
  return checkCommands.find(({ command }) => command.name === name)?.scope;
}

/** The name shown in messages: cleaned as service text is (it is the user's, and shown to others in a group), cut on a character boundary. */
function fileNameOf(document: Document): string {
  return cleanServiceText(document.file_name ?? "", 100) || "ids.csv";
}

/** What is wrong with a file before it is downloaded: its name or type, or its size. */
function refusalFor(ctx: BotContext, document: Document): string | undefined {
  const name = document.file_name ?? "";
  const typeOk = /\.(csv|txt)$/i.test(name) || (name === "" && TEXT_TYPES.has(document.mime_type ?? ""));
  if (!typeOk) return ctx.t("bulk-wrong-type");
  if ((document.file_size ?? 0) > MAX_FILE_BYTES) {
    return ctx.t("bulk-too-large", { size: `${ctx.numbers.count(Math.ceil((document.file_size ?? 0) / 1024))} KB`, max: "1 MB" });
  }
  return undefined;
}

async function startCheck(ctx: BotContext, options: BulkUploadOptions, file: PendingFile, scope: Scope): Promise<void> {
  const chatId = ctx.chat?.id ?? 0;
  const ownerId = ctx.from?.id ?? 0;
  const reply = (text: string, extra: { reply_markup?: InlineKeyboard } = {}) =>
    ctx.api.sendMessage(chatId, text, { reply_parameters: { message_id: file.messageId, allow_sending_without_reply: true }, ...inTopic(file.threadId), ...extra });
  // One check per user: a second file is refused before it is downloaded.
  const place = await options.jobs.reserve(ownerId);
  if (place.type === "busy") {
    await replyBusy(ctx, options, place, scope, reply);
    return;
  }
  const refuse = async (text: string) => {
    await options.jobs.release(ownerId, place.jobId);
    await reply(text);
  };
  let bytes: Uint8Array;
  try {
    bytes = await options.files(ctx.api).download(file.fileId, MAX_FILE_BYTES);
  } catch (error) {
    ctx.logger.warn({ err: error }, "could not download an uploaded file");
    await refuse(error instanceof FileTooLargeError ? ctx.t("bulk-too-large", { size: "> 1 MB", max: "1 MB" }) : ctx.t("bulk-download-failed"));
    return;
  }
  const read = await readIds(bytes, file.fileName, options.maxIds);
  switch (read.type) {
    case "not_text":
      await refuse(ctx.t("bulk-not-text"));
      return;
    case "no_ids":
      await refuse(ctx.t("bulk-no-ids"));
      return;
    case "too_many":
      await refuse(ctx.t("bulk-too-many", { count: ctx.numbers.count(read.count), max: ctx.numbers.count(read.max) }));
      return;
    case "ok":
      break;
  }
  await options.jobs.start(place.jobId, {
    ownerId,
    owner: personOf(ctx.from),
    place: placeOf(ctx.chat, file.threadId),
    chatId,
    ...(file.threadId === undefined ? {} : { threadId: file.threadId }),
    fileMessageId: file.messageId,
    fileName: file.fileName,
    locale: ctx.locale,
    scope,
    ids: read.ids,
    invalid: read.invalid,
  });
}

/** "Already checking N IDs" with ✖ Cancel; or, while that file is still being read, wait for it. */
async function replyBusy(
  ctx: BotContext,
  options: BulkUploadOptions,
  busy: { jobId: string; total: number | undefined },
  scope: Scope,
  reply: (text: string, extra?: { reply_markup?: InlineKeyboard }) => Promise<unknown>,
): Promise<void> {
  if (busy.total === undefined) {
    await reply(ctx.t("bulk-busy-reading"));
    return;
  }
  const cancel = await answerButtons.encode({ action: "bulkCancel", scope, jobId: busy.jobId }, options.buttons);
  await reply(ctx.t("bulk-busy", { total: busy.total }), { reply_markup: new InlineKeyboard().text(ctx.t("button-cancel"), cancel) });
}
