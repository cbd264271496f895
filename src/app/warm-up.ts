import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import type { Update, UserFromGetMe } from "grammy/types";
import { createLogger, SecretSet } from "../logger.ts";
import { createEnquiryClient } from "../payments/enquiry/client.ts";
import { startSandbox } from "../payments/enquiry/sandbox/server.ts";
import { mapWithConcurrency } from "../util/map-with-concurrency.ts";
import { IN_MEMORY } from "../state/sqlite/open-database.ts";
import { openSqliteStore } from "../state/sqlite/sqlite-store.ts";
import type { Translations } from "../telegram/i18n.ts";
import { createTelegramFetch } from "../telegram/transport/fetch.ts";
import { assembleBot } from "./assemble.ts";
import { botSettings, type BotSettings } from "./bot-settings.ts";

export interface WarmUpOptions {
  translations: Translations;
  /** The bot's own settings: what the warm-up bot differs in is set below. */
  settings: Pick<BotSettings, "timeZone" | "watches" | "bulkMaxIds">;
  /** Updates handled; a few hundred get the hot paths compiled. */
  updates?: number;
}

const BOT_INFO = { id: 1, is_bot: true, first_name: "Warm-up", username: "warm_up_bot" } as UserFromGetMe;
/** Each line asks one of the sandbox's settled or pending scenarios, as agents do. */
const COMMANDS: ((n: number) => string)[] = [
  (n) => `/collection COL-SUCCESS-${n}`,
  (n) => `/airtime AIR-FAILED-${n}`,
  (n) => `/status ANY-PENDING-${n}`,
  (n) => `/collection COL-SUCCESS-A${n} COL-FAILED-B${n}`,
  (n) => `/collection XXX-UNKNOWN-${n}`,
];
const LANGUAGES = ["en", "fr"];

/**
 * JavaScript starts interpreted and is compiled as it runs: the first burst of agents after a
 * start would pay for that (twice the time of later ones, measured in `npm run bench`). So before
 * taking any update, the bot answers a few hundred made-up commands end to end, entirely on
 * loopback: the bot assembled as in production (app/assemble.ts), against a sandbox and a
 * stand-in Telegram of its own, with a throwaway in-memory store and a logger that writes nowhere.
 * Nothing reaches the provider, Telegram, the state store, the audit trail or the metrics.
 */
export async function warmUp({ translations, settings, updates = 300 }: WarmUpOptions): Promise<{ replies: number }> {
  const token = randomBytes(12).toString("hex");
  const sandbox = await startSandbox({ token });
  const telegram = await startStandInTelegram();
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const client = createEnquiryClient({ baseUrl: sandbox.url, token: () => token, timeoutMs: 5_000, totalTimeoutMs: 5_000, retries: 0, connections: 16 });
  const logger = createLogger({ level: "info", secrets: new SecretSet(), destination: { write: () => undefined } });
  const telegramConnections = new Agent();
  try {
    const { bot } = assembleBot({
      settings: botSettings({
        // Named one by one: production hands its whole Config here, whose admin chat the warm-up must not alert.
        timeZone: settings.timeZone,
        watches: settings.watches,
        bulkMaxIds: settings.bulkMaxIds,
        telegram: { botToken: `1:${token}`, apiRoot: telegram.url },
        access: { allowEveryone: true },
        rateLimit: { maxCost: Number.MAX_SAFE_INTEGER },
        backgroundPerSecond: 1_000,
        cacheTtlSeconds: 0,
      }),
      state,
      enquiry: { interactive: client, background: client },
      telegram: { fetch: createTelegramFetch(telegramConnections), botInfo: BOT_INFO },
      translations,
      logger,
      instanceId: "warmup",
    });
    await mapWithConcurrency(
      Array.from({ length: updates }, (_, n) => n),
      50,
      (n) => bot.handleUpdate(commandUpdate(n, COMMANDS[n % COMMANDS.length]?.(n) ?? "/help", LANGUAGES[n % LANGUAGES.length] ?? "en")),
    );
    return { replies: telegram.replies };
  } finally {
    await telegramConnections.close();
    await client.close();
    await state.close();
    await telegram.close();
    await sandbox.close();
  }
}

function commandUpdate(n: number, text: string, language: string): Update {
  const user = { id: 1_000 + (n % 100), is_bot: false, first_name: "Agent", language_code: language };
  const command = text.split(" ")[0] ?? "";
  return {
    update_id: n + 1,
    message: {
      message_id: n + 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: "private", first_name: user.first_name },
      from: user,
      text,
      entities: [{ type: "bot_command", offset: 0, length: command.length }],
    },
  };
}

/** A request body as an object; anything else (a file upload) as an empty one, never a throw in a server callback. */
function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    // A file upload or something else: answered as an empty request.
    return {};
  }
}

/** Answers the Bot API calls the warm-up makes, as Telegram would (a message for sends, true otherwise). */
async function startStandInTelegram() {
  let nextMessageId = 1;
  let replies = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = /\/([A-Za-z]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const payload = parseJson(Buffer.concat(chunks).toString("utf8"));
      if (method === "sendMessage") replies++;
      const result = method.startsWith("send") || method.startsWith("edit") ? { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: payload.chat_id, type: "private" }, text: payload.text } : true;
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get replies() {
      return replies;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The bot's keep-alive connections would hold the server open for half a minute.
        server.closeAllConnections();
      }),
  };
}
