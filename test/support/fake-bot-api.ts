import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update, UserFromGetMe } from "grammy/types";
import { parseMultipart } from "./multipart.ts";

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown> & { chat_id?: number; text?: string; message_id?: number };
  at: number;
  /** What the server answered (for sendMessage, the message with its message_id). */
  result?: unknown;
}

/** The bot's replies to a user's message (by its message_id), in order: messages, or also what `methods` names (sendDocument). */
export const repliesTo =
  (messageId: number | undefined, methods: readonly string[] = ["sendMessage"]) =>
  (calls: readonly RecordedCall[]): RecordedCall[] =>
    calls.filter((call) => methods.includes(call.method) && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);

/** A scripted failure for the next calls of a method (Telegram's error format). */
export interface InjectedFailure {
  method: string;
  times: number;
  /** A Bot API error answer, or "drop" to cut the connection without answering. */
  response: { status: number; error_code: number; description: string; retry_after?: number } | "drop";
  /** Drop after Telegram "processed" the call (the reply exists) or before (it does not). */
  processed?: boolean;
}

interface ChatRef {
  id: number;
  type: "private" | "group" | "supergroup";
  title?: string;
  first_name?: string;
}

interface FileToSend {
  name: string;
  content: Buffer | string;
  caption?: string;
  /** The size Telegram reports, when it is not the content's. */
  size?: number;
}

interface UserRef {
  id: number;
  first_name: string;
  language_code?: string;
}

/**
 * A Bot-API-compatible server on 127.0.0.1, enough for the bot to run against it for real:
 * long-polling getUpdates with offsets, the methods the bot calls, and Telegram's error format.
 * It plays the users (updates are pushed in) and records every call the bot makes.
 */
export async function startFakeBotApi(options: {
  token: string;
  botInfo: UserFromGetMe;
  forums?: readonly number[];
  /** Where update IDs start: past those a bot already handled on the same store (its claims remember them). */
  firstUpdateId?: number;
}) {
  const calls: RecordedCall[] = [];
  const updates: Update[] = [];
  const failures: InjectedFailure[] = [];
  const pollers = new Set<() => void>();
  const callWaiters = new Set<() => void>();
  const updateCounts = new Map<number, number>();
  /** Methods Telegram answers slowly, in ms. */
  const delays = new Map<string, number>();
  /** Every request per method, failed ones included. */
  const attempts = new Map<string, number>();
  let nextUpdateId = options.firstUpdateId ?? 1;
  let nextMessageId = 1;
  let nextTopicId = 1000;
  let confirmedOffset = 0;
  /** Forum supergroups in which the bot is an administrator that may manage topics. */
  const forums = new Set(options.forums ?? []);
  /** Told of every successful call as it is recorded (the benchmark times replies this way). */
  const listeners = new Set<(call: RecordedCall) => void>();
  /** What each message the bot sent shows now (text and keyboard), by `chat:message`: what a press carries. */
  const shown = new Map<string, { text?: unknown; reply_markup?: unknown }>();
  /** Files users "uploaded", by file_id: served by getFile and the file download route. */
  const files = new Map<string, Buffer>();
  /** Random faults: asked for every call, returns a failure to play or undefined. */
  const chaos: { inject?: (method: string, payload: RecordedCall["payload"]) => InjectedFailure | undefined } = {};

  const wakePollers = () => pollers.forEach((wake) => wake());
  const wakeCallWaiters = () => callWaiters.forEach((wake) => wake());

  async function getUpdates(payload: Record<string, unknown>, closed: () => boolean): Promise<Update[]> {
    const offset = Number(payload.offset ?? 0);
    const limit = Number(payload.limit ?? 100);
    const timeoutMs = Number(payload.timeout ?? 0) * 1000;
    if (offset > confirmedOffset) confirmedOffset = offset;
    // Telegram forgets updates below the offset it was given.
    while (updates.length > 0 && (updates[0]?.update_id ?? 0) < confirmedOffset) updates.shift();
    const deadline = Date.now() + timeoutMs;
    while (updates.length === 0 && Date.now() < deadline && !closed()) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          pollers.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(250, deadline - Date.now()));
        pollers.add(wake);
      });
    }
    const batch = updates.slice(0, limit);
    for (const update of batch) updateCounts.set(update.update_id, (updateCounts.get(update.update_id) ?? 0) + 1);
    return batch;
  }

  /** A message a user sends the bot, as an update without its ID. */
  const fromUser = (chat: ChatRef, from: UserRef, content: Record<string, unknown>) =>
    ({ message: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat, from: { is_bot: false, ...from }, ...content } }) as Omit<Update, "update_id">;

  /** A message with a file the bot can download (getFile, then the file route). */
  const fileMessage = (chat: ChatRef, from: UserRef, file: FileToSend) => {
    const fileId = `file-${nextUpdateId}-${files.size}`;
    const content = typeof file.content === "string" ? Buffer.from(file.content) : file.content;
    files.set(fileId, content);
    const command = file.caption ? /^\/\S+/.exec(file.caption)?.[0] : undefined;
    return fromUser(chat, from, {
      document: { file_id: fileId, file_unique_id: `u-${fileId}`, file_name: file.name, file_size: file.size ?? content.length, mime_type: "text/csv" },
      ...(file.caption ? { caption: file.caption } : {}),
      ...(command ? { caption_entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    });
  };

  /** The message the bot has just sent, as Telegram returns it. */
  const sentMessage = (payload: RecordedCall["payload"], content: Record<string, unknown>) => ({
    message_id: nextMessageId++,
    date: Math.floor(Date.now() / 1000),
    chat: { id: payload.chat_id, type: Number(payload.chat_id) < 0 ? "supergroup" : "private" },
    from: options.botInfo,
    ...content,
  });

  function respond(method: string, payload: RecordedCall["payload"]): unknown {
    switch (method) {
      case "getMe":
        return options.botInfo;
      case "sendMessage":
        return sentMessage(payload, { text: payload.text, entities: payload.entities, reply_markup: payload.reply_markup });
      case "getFile": {
        const id = String(payload.file_id);
        const content = files.get(id);
        return content ? { file_id: id, file_unique_id: `u-${id}`, file_size: content.length, file_path: `documents/${id}.csv` } : undefined;
      }
      case "sendDocument":
        return sentMessage(payload, {
          document: { file_id: `sent-${nextMessageId}`, file_unique_id: `sent-${nextMessageId}`, file_name: (payload.document as { filename?: string } | undefined)?.filename },
        });
      case "getChat":
        return forums.has(Number(payload.chat_id)) ? { id: payload.chat_id, type: "supergroup", title: "Forum", is_forum: true } : true;
      case "getChatMember":
        if (!forums.has(Number(payload.chat_id))) return true;
        return Number(payload.user_id) === options.botInfo.id ? { status: "administrator", user: options.botInfo, can_manage_topics: true } : { status: "member", user: { id: payload.user_id, is_bot: false, first_name: "member" } };
      case "createForumTopic":
        return { message_thread_id: nextTopicId++, name: payload.name, icon_color: 7322096 };
      case "editMessageText":
        return {
          message_id: payload.message_id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: payload.chat_id, type: Number(payload.chat_id) < 0 ? "supergroup" : "private" },
          text: payload.text,
        };
      default:
        return true;
    }
  }

  /** Keeps what a sent or edited message shows, as Telegram does. */
  function remember(method: string, payload: RecordedCall["payload"], result: unknown): void {
    if (method === "sendMessage") {
      const message = result as { message_id: number };
      shown.set(`${String(payload.chat_id)}:${message.message_id}`, { text: payload.text, reply_markup: payload.reply_markup });
    } else if (method === "editMessageText" || method === "editMessageReplyMarkup") {
      const key = `${String(payload.chat_id)}:${String(payload.message_id)}`;
      const before = shown.get(key) ?? {};
      shown.set(key, { text: method === "editMessageText" ? payload.text : before.text, reply_markup: payload.reply_markup });
    }
  }

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const download = /^\/file\/bot([^/]+)\/documents\/(.+)\.csv$/.exec(req.url ?? "");
        if (download) {
          const content = download[1] === options.token ? files.get(decodeURIComponent(download[2] ?? "")) : undefined;
          if (!content) return send(res, 404, { ok: false, error_code: 404, description: "Not Found" });
          res.writeHead(200, { "content-type": "application/octet-stream", "content-length": content.length }).end(content);
          return;
        }
        const match = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? "");
        if (!match || match[1] !== options.token) {
          return send(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
        }
        const method = match[2] ?? "";
        attempts.set(method, (attempts.get(method) ?? 0) + 1);
        const body = Buffer.concat(chunks);
        const contentType = req.headers["content-type"] ?? "";
        const payload = (contentType.startsWith("multipart/") ? parseMultipart(body, contentType) : body.length > 0 ? JSON.parse(body.toString("utf8")) : {}) as RecordedCall["payload"];

        const delay = delays.get(method);
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));

        const failure = failures.find((candidate) => candidate.method === method && candidate.times > 0) ?? chaos.inject?.(method, payload);
        if (failure) {
          failure.times--;
          if (failure.response === "drop") {
            if (failure.processed) {
              calls.push({ method, payload, at: Date.now(), result: respond(method, payload) });
              wakeCallWaiters();
            }
            res.socket?.destroy();
            return;
          }
          const { status, ...body } = failure.response;
          const { retry_after, ...error } = body;
          return send(res, status, { ok: false, ...error, ...(retry_after ? { parameters: { retry_after } } : {}) });
        }

        if (method === "getUpdates") {
          // (req.destroyed is already true here: the request body has been read.)
          const result = await getUpdates(payload, () => res.closed);
          if (!res.closed) send(res, 200, { ok: true, result });
          return;
        }
        const result = respond(method, payload);
        remember(method, payload, result);
        const call = { method, payload, at: Date.now(), result };
        calls.push(call);
        listeners.forEach((listener) => listener(call));
        wakeCallWaiters();
        send(res, 200, { ok: true, result });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function push(update: Omit<Update, "update_id">): Update {
    const full: Update = { update_id: nextUpdateId++, ...update };
    updates.push(full);
    wakePollers();
    return full;
  }

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    failures,
    /** How many times each update was handed out by getUpdates. */
    updateCounts,
    delays,
    attempts,
    /** Updates Telegram would still deliver: not yet confirmed by a getUpdates offset. */
    pendingUpdates: () => updates.filter((update) => update.update_id >= confirmedOffset).length,
    /** A user sends a text message (a leading /command gets its entity, as Telegram does). */
    sendText(chat: ChatRef, from: UserRef, text: string): Update {
      const command = /^\/\S+/.exec(text)?.[0];
      return push(fromUser(chat, from, { text, ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}) }));
    },
    /** A user writes as a reply to a message, or in a forum topic (every message there replies to the topic's first message, as Telegram sends it). */
    write(chat: ChatRef, from: UserRef, text: string, where: { replyTo?: number; threadId?: number }): Update {
      const replyTo = where.replyTo ?? where.threadId;
      return push(
        fromUser(chat, from, {
          text,
          ...(where.threadId === undefined ? {} : { is_topic_message: true, message_thread_id: where.threadId }),
          ...(replyTo === undefined ? {} : { reply_to_message: { message_id: replyTo, date: 0, chat, from: options.botInfo } }),
        }),
      );
    },
    /** A user sends a file (a document), with an optional caption (a leading /command gets its entity). */
    sendFile(chat: ChatRef, from: UserRef, file: FileToSend): Update {
      return push(fileMessage(chat, from, file));
    },
    /** The update of a user sending a file, which the bot can then download, to deliver by webhook. */
    fileUpdate(chat: ChatRef, from: UserRef, file: FileToSend, updateId: number): Update {
      return { update_id: updateId, ...fileMessage(chat, from, file) };
    },
    /** A user presses an inline button on a message the bot sent: the press carries the message as it is now. */
    press(from: UserRef, message: { message_id: number; chat: ChatRef; text?: string; reply_markup?: unknown }, data: string): Update {
      const now = shown.get(`${message.chat.id}:${message.message_id}`);
      if (now) message = { ...message, text: now.text as string | undefined, reply_markup: now.reply_markup };
      return push({
        callback_query: {
          id: `cb-${nextUpdateId}`,
          from: { is_bot: false, ...from },
          chat_instance: "e2e",
          data,
          message: { date: Math.floor(Date.now() / 1000), ...message },
        },
      } as Omit<Update, "update_id">);
    },
    /** Resolves once the recorded calls satisfy `predicate`; rejects after `timeoutMs`. */
    async waitFor<T>(predicate: (calls: RecordedCall[]) => T | undefined | false, timeoutMs = 10_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const result = predicate(calls);
        if (result) return result;
        if (Date.now() > deadline) throw new Error(`timed out waiting; calls so far: ${calls.map((c) => c.method).join(", ")}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            callWaiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 100);
          callWaiters.add(wake);
        });
      }
    },
    chaos,
    onCall(listener: (call: RecordedCall) => void) {
      listeners.add(listener);
    },
    failNext(failure: InjectedFailure) {
      failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        wakePollers();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>;
