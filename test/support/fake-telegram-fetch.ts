import { parseMultipart, readBody } from "./multipart.ts";

export interface ApiCall {
  method: string;
  payload: Record<string, unknown> & { text?: string; chat_id?: number };
  /** When Telegram received it. */
  at: number;
}

export type Failure = { error_code: number; description: string; parameters?: { retry_after?: number; migrate_to_chat_id?: number } };

/**
 * Telegram at the bottom of grammY's client, where the network would be (its `fetch` option):
 * every transformer above it runs as in production. Records each call and answers like Telegram,
 * or fails a call as scripted.
 */
export function fakeTelegramFetch(
  failWith?: (method: string, payload: ApiCall["payload"]) => Failure | undefined,
  onCall?: (call: ApiCall) => void,
  /** Telegram's answer to a method the test scripts (getChatMember, say); undefined for the usual one. */
  answer?: (method: string, payload: ApiCall["payload"]) => unknown,
  /** Holds a call (before its body is read) until the promise settles, as a slow Telegram would; the call's signal ends the wait. */
  hold?: (method: string) => Promise<void> | undefined,
) {
  const calls: ApiCall[] = [];
  let nextMessageId = 9000;
  /** Telegram takes one answer per button press: a second one is refused, as a toast it never shows. */
  const answered = new Set<unknown>();
  const answeredTwice = (method: string, payload: ApiCall["payload"]): Failure | undefined => {
    if (method !== "answerCallbackQuery") return undefined;
    if (!answered.has(payload.callback_query_id)) return void answered.add(payload.callback_query_id);
    return { error_code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid" };
  };
  const fetch = async (url: string, init: { body?: unknown; headers?: unknown; signal?: AbortSignal } = {}) => {
    const method = new URL(url).pathname.split("/").pop() ?? "";
    const held = hold?.(method);
    if (held) await heldUnlessAborted(held, init.signal);
    const contentType = String((init.headers as Record<string, string> | undefined)?.["content-type"] ?? "");
    const raw = await readBody(init.body);
    const payload = (contentType.startsWith("multipart/") ? parseMultipart(raw, contentType) : raw.length > 0 ? JSON.parse(raw.toString("utf8")) : {}) as ApiCall["payload"];
    const call = { method, payload, at: Date.now() };
    calls.push(call);
    onCall?.(call);
    const failure = failWith?.(method, payload) ?? answeredTwice(method, payload);
    const result =
      answer?.(method, payload) ??
      (method === "sendMessage" || method === "editMessageText" || method === "sendDocument" || method === "sendPhoto"
        ? { message_id: (payload.message_id as number | undefined) ?? nextMessageId++, date: 0, chat: { id: payload.chat_id, type: "private" }, text: payload.text }
        : method === "getFile"
          ? { file_id: payload.file_id, file_unique_id: "u", file_path: `documents/${String(payload.file_id)}` }
          : true);
    const body = failure ? { ok: false, ...failure } : { ok: true, result };
    return { ok: !failure, status: failure ? failure.error_code : 200, json: async () => body, text: async () => JSON.stringify(body) };
  };
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** Waits for `held`, or rejects as fetch does when the call's signal aborts first. */
function heldUnlessAborted(held: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return held;
  return new Promise((resolve, reject) => {
    const aborted = () => reject(Object.assign(new Error("This operation was aborted"), { name: "AbortError" }));
    if (signal.aborted) return aborted();
    signal.addEventListener("abort", aborted, { once: true });
    held.then(resolve, reject);
  });
}
