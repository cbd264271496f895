import { stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import type { Message, Update } from "grammy/types";
import type { CaseStore } from "../../payments/cases/case-store.ts";
import type { Conversation, DemoPeople, Say, Show } from "./fake-chat.ts";
import { messageFrom } from "./fake-chat.ts";
import { supportLines } from "./support-lines.ts";

export interface TypedLinesParts {
  people: DemoPeople;
  conversation: Conversation;
  say: Say;
  show: Show;
  caseStore: Pick<CaseStore, "load" | "caseOfMessage">;
  playTrouble: (mode: string) => Promise<void>;
}

const hasButton = (message: Message, data: string | undefined) => data !== undefined && JSON.stringify(message.reply_markup ?? {}).includes(JSON.stringify(data));

/**
 * A line typed (or piped) becomes the update Telegram would send: a message, a button pressed
 * (`#n`), an inline query (`@bot …`), a document (`/file`), or what the support team writes; a
 * few lines play something outside the chat instead (`/trouble`), and make no update.
 */
export function typedLines({ people, conversation, say, show, caseStore, playTrouble }: TypedLinesParts): (line: string) => Promise<Update | undefined> {
  const { botInfo, user, chat, supportChat, supportMember } = people;
  const { sent, postedInline } = conversation;
  const { supportUpdate, agentReplyUpdate } = supportLines({ people, conversation, say, caseStore });

  /** `#n` chooses the nth inline result (posting it "via @bot"), or presses the nth button. */
  function pressOrChoose(line: string, n: number): Update | undefined {
    if (conversation.choosable) {
      const result = conversation.choosable[n - 1];
      if (!result || !("message_text" in result.input_message_content)) {
        say(`(no result ${line} to choose)\n`);
        return undefined;
      }
      const inlineMessageId = `inline-${postedInline.size + 1}`;
      const content = result.input_message_content;
      const message = { message_id: 0, date: Math.floor(Date.now() / 1000), chat, text: content.message_text, entities: content.entities, reply_markup: result.reply_markup } as Message;
      postedInline.set(inlineMessageId, message);
      conversation.choosable = undefined;
      show("you> ", message, `(post via @${botInfo.username})`);
      // Telegram tells the bot which result was posted where (inline feedback, on in BotFather).
      return { update_id: conversation.nextUpdateId++, chosen_inline_result: { result_id: result.id, from: user, query: "", inline_message_id: inlineMessageId } };
    }
    const button = conversation.pressable[n - 1];
    const message = [...sent.values()].find((m) => hasButton(m, button?.data));
    const inline = [...postedInline.entries()].find(([, m]) => hasButton(m, button?.data));
    if (!button || (!message && !inline)) {
      say(`(no button ${line} to press)\n`);
      return undefined;
    }
    // A button in the support chat (a card's) is pressed by the support team's member.
    conversation.pressedBySupport = message?.chat.id === supportChat.id;
    const query = { id: String(conversation.nextUpdateId), from: conversation.pressedBySupport ? supportMember : user, chat_instance: "demo", data: button.data };
    return { update_id: conversation.nextUpdateId++, callback_query: message ? { ...query, message: message as never } : { ...query, inline_message_id: inline?.[0] } };
  }

  /** `/file PATH [caption]`: sends that file from disk as a document, as the Telegram app would. */
  async function fileUpdate(path: string, caption: string): Promise<Update | undefined> {
    const size = await stat(path).then(
      (found) => (found.isFile() ? found.size : undefined),
      () => undefined,
    );
    if (size === undefined) {
      say(`(no file at ${path})\n`);
      return undefined;
    }
    const fileId = `demo-file-${conversation.localFiles.size + 1}`;
    conversation.localFiles.set(fileId, path);
    const command = /^\/\S+/.exec(caption)?.[0];
    const mimeType = { ".csv": "text/csv", ".txt": "text/plain" }[extname(path).toLowerCase()] ?? "application/octet-stream";
    const message = {
      message_id: conversation.nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat,
      from: user,
      document: { file_id: fileId, file_unique_id: fileId, file_name: basename(path), file_size: size, mime_type: mimeType },
      ...(caption ? { caption } : {}),
      ...(command ? { caption_entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
    } as Update["message"];
    return { update_id: conversation.nextUpdateId++, message };
  }

  return async function updateFor(line: string): Promise<Update | undefined> {
    const trouble = /^\/trouble(?:\s+(\S+))?\s*$/.exec(line);
    if (trouble) {
      await playTrouble(trouble[1] ?? "");
      return undefined;
    }
    const support = /^\/support(?:\s+([\s\S]*))?$/.exec(line);
    if (support) return supportUpdate((support[1] ?? "").trim());
    const reply = /^\/reply(?:\s+([\s\S]*))?$/.exec(line);
    if (reply) return agentReplyUpdate((reply[1] ?? "").trim());
    const press = /^#(\d+)$/.exec(line);
    if (press) return pressOrChoose(line, Number(press[1]));
    const file = /^\/file\s+(\S+)\s*(.*)$/.exec(line);
    if (file) return fileUpdate(file[1] ?? "", file[2] ?? "");
    const inline = new RegExp(`^@(?:${botInfo.username})?\\s*(.*)$`).exec(line);
    if (inline) return { update_id: conversation.nextUpdateId++, inline_query: { id: String(conversation.nextUpdateId), from: user, query: inline[1] ?? "", offset: "", chat_type: "sender" } };
    return { update_id: conversation.nextUpdateId++, message: messageFrom(conversation, user, chat, line) };
  };
}
