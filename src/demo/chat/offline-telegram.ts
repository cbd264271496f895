import { readFile } from "node:fs/promises";
import type { InputFile, Transformer } from "grammy";
import type { InlineQueryResultArticle, Message } from "grammy/types";
import { FileTooLargeError, type TelegramFiles } from "../../telegram/transport/files.ts";
import { receiptPhotos } from "../receipt-photo.ts";
import { renderButtons } from "../terminal.ts";
import { SUPPORT_MARK, type Conversation, type DemoPeople, type Say, type Show } from "./fake-chat.ts";

export interface OfflineTelegramParts {
  people: DemoPeople;
  conversation: Conversation;
  say: Say;
  show: Show;
  color: boolean;
}

/** Answers the Bot API calls the bot makes, as Telegram would, and prints what the user would see. */
export function offlineTelegram({ people, conversation, say, show, color }: OfflineTelegramParts): Transformer {
  const { botInfo, chat, supportChat, supportMember, user, chatOf, headOf } = people;
  const { sent, postedInline } = conversation;
  const receiptPhoto = receiptPhotos();
  return (_prev, method, payload) => {
    const args = payload as Record<string, unknown>;
    const ok = (result: unknown) => Promise.resolve({ ok: true as const, result }) as never;
    switch (method) {
      case "sendMessage": {
        const message = {
          message_id: conversation.nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: chatOf(args.chat_id),
          from: botInfo,
          text: args.text,
          entities: args.entities,
          reply_markup: args.reply_markup,
        } as Message;
        sent.set(message.message_id, message);
        show(headOf(message.chat.id, "bot"), message);
        return ok(message);
      }
      case "copyMessage": {
        // A photo or document of a case, copied with its heading as the caption.
        const message = { message_id: conversation.nextMessageId++, date: Math.floor(Date.now() / 1000), chat: chatOf(args.chat_id), from: botInfo, text: args.caption } as Message;
        sent.set(message.message_id, message);
        show(headOf(message.chat.id, "bot"), message, "(copies a file, captioned)");
        return ok({ message_id: message.message_id });
      }
      case "getChat":
        return ok(Number(args.chat_id) === supportChat.id ? { ...supportChat, is_forum: false } : chat);
      case "getChatMember":
        // The support team's member administers the support chat (its /language is theirs to set).
        return ok({ status: args.user_id === supportMember.id ? "administrator" : "member", user: args.user_id === supportMember.id ? supportMember : user });
      case "editMessageText": {
        const inlineId = args.inline_message_id as string | undefined;
        const previous = inlineId === undefined ? sent.get(Number(args.message_id)) : postedInline.get(inlineId);
        const message = { ...previous, text: args.text, entities: args.entities, reply_markup: args.reply_markup } as Message;
        if (inlineId === undefined) sent.set(message.message_id, message);
        else postedInline.set(inlineId, message);
        show(headOf(previous?.chat.id, "bot"), message, `(edits ${inlineId === undefined ? "its message" : "the message posted via @" + botInfo.username})`);
        return ok(inlineId === undefined ? message : true);
      }
      case "editMessageReplyMarkup": {
        const previous = sent.get(Number(args.message_id));
        const message = { ...previous, reply_markup: args.reply_markup } as Message;
        sent.set(message.message_id, message);
        const keyboard = renderButtons(message.reply_markup, color);
        conversation.pressable = keyboard.buttons;
        const head = headOf(previous?.chat.id, "bot");
        say(`${head}(changes its buttons)\n${" ".repeat(head.length)}${keyboard.text}\n`);
        return ok(message);
      }
      case "answerInlineQuery": {
        const results = (args.results as InlineQueryResultArticle[]).filter((result) => result.type === "article");
        conversation.choosable = results;
        const lines = results.map((result, index) => `[#${index + 1}] ${result.title}${result.description ? ` · ${result.description}` : ""}`);
        const button = (args.button as { text?: string } | undefined)?.text;
        say(`bot> (inline results: type #n to post one into the chat)\n     ${[...lines, ...(button ? [`[${button}]`] : [])].join("\n     ")}\n`);
        return ok(true);
      }
      case "sendDocument":
        return (async () => {
          const document = args.document as InputFile;
          // The demo shows the report's first lines, as a user would see them on opening the file.
          const raw = await document.toRaw();
          const text = raw instanceof Uint8Array ? Buffer.from(raw).toString("utf8").replace(/^\ufeff/, "") : "";
          const rows = text.split("\r\n").filter(Boolean);
          const shown = rows.slice(0, 6).map((row) => `  ${row}`);
          if (rows.length > 6) shown.push(`  … ${rows.length - 6} more rows`);
          say(`bot> (sends a file: ${document.filename ?? "report"}${typeof args.caption === "string" ? `, "${args.caption}"` : ""})\n     ${shown.join("\n     ")}\n`);
          return { ok: true as const, result: { message_id: conversation.nextMessageId++, date: Math.floor(Date.now() / 1000), chat, from: botInfo } };
        })() as never;
      case "sendPhoto":
        // A receipt: its PNG written to a file, its caption and its code shown.
        return (async () => {
          say(`bot> ${await receiptPhoto(args)}\n`);
          return { ok: true as const, result: { message_id: conversation.nextMessageId++, date: Math.floor(Date.now() / 1000), chat: chatOf(args.chat_id), from: botInfo } };
        })() as never;
      case "answerCallbackQuery":
        if (typeof args.text === "string") say(`${conversation.pressedBySupport ? SUPPORT_MARK : "     "}(toast: ${args.text})\n`);
        return ok(true);
      default:
        return ok(true);
    }
  };
}

/** Files "sent" with /file are read from disk when the bot downloads them. */
export function localTelegramFiles(conversation: Conversation): TelegramFiles {
  return {
    async download(fileId, maxBytes) {
      const path = conversation.localFiles.get(fileId);
      if (path === undefined) throw new Error("no such file");
      const content = await readFile(path);
      if (content.length > maxBytes) throw new FileTooLargeError(maxBytes);
      return content;
    },
  };
}
