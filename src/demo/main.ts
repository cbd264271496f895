import { readFile, stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import { clearLine, createInterface, cursorTo } from "node:readline";
import type { InputFile, Transformer } from "grammy";
import type { InlineQueryResultArticle, Message, MessageEntity, Update, UserFromGetMe } from "grammy/types";
import { assembleBot } from "../app/assemble.ts";
import { botSettings } from "../app/bot-settings.ts";
import { createLogger, SecretSet } from "../logger.ts";
import { createEnquiryClient } from "../payments/enquiry/client.ts";
import { createCaseStore } from "../payments/cases/case-store.ts";
import { SCENARIOS } from "../payments/enquiry/sandbox/scenarios.ts";
import type { EnquiryOutcome } from "../payments/enquiry/types.ts";
import { startSandbox, TROUBLE_MODES, type TroubleMode } from "../payments/enquiry/sandbox/server.ts";
import { SANDBOX_TOKEN } from "../payments/enquiry/sandbox/token.ts";
import { IN_MEMORY } from "../state/sqlite/open-database.ts";
import { openSqliteStore } from "../state/sqlite/sqlite-store.ts";
import { DEFAULT_LOCALE, pickLocale, Translations } from "../telegram/i18n.ts";
import { createTelegramFetch } from "../telegram/transport/fetch.ts";
import { FileTooLargeError, type TelegramFiles } from "../telegram/transport/files.ts";
import { DEMO_USAGE, readDemoCommandLine } from "./command-line.ts";
import { healthActs } from "./health-acts.ts";
import { receiptPhotos } from "./receipt-photo.ts";
import { createReceiptRenderer } from "../telegram/render/receipt-picture.ts";
import { renderButtons, renderText, type NumberedButton } from "./terminal.ts";

/**
 * `npm run demo`: the real bot code, in a terminal, with zero configuration. Lines typed (or
 * piped) become Telegram updates handled by grammY; Bot API calls are answered here instead of by
 * Telegram, and the embedded sandbox plays the provider.
 */
const commandLine = readDemoCommandLine(process.argv.slice(2));
if (commandLine.kind !== "run") {
  if (commandLine.kind === "help") process.stdout.write(`${DEMO_USAGE}\n`);
  else process.stderr.write(`npm run demo: ${commandLine.problem}\n\n${DEMO_USAGE}\n`);
  process.exit(commandLine.kind === "help" ? 0 : 2);
}
const flags = commandLine;

const interactive = process.stdin.isTTY === true;
const color = process.stdout.isTTY === true;
/** Set while the prompt waits for a line: a message arriving then (a notification) is printed above it. */
let promptShown: { redraw(): void } | undefined;
const say = (text: string) => {
  if (promptShown) {
    cursorTo(process.stdout, 0);
    clearLine(process.stdout, 0);
  }
  process.stdout.write(`${text}\n`);
  promptShown?.redraw();
};

const botInfo: UserFromGetMe = {
  id: 100_000_001,
  is_bot: true,
  first_name: "Payment status (demo)",
  username: "payment_status_demo_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;
const user = { id: 1001, is_bot: false, first_name: "Agent", language_code: flags.lang };
const chat = { id: user.id, type: "private" as const, first_name: user.first_name };
/**
 * The support team's chat (SUPPORT_CHAT_ID): the cards of cases go there, and what the bot says
 * there is marked [support]; `/support TEXT` speaks there as one of the team.
 */
const supportChat = { id: -1_002_000_000_001, type: "supergroup" as const, title: "Support team (demo)" };
const supportMember = { id: 2001, is_bot: false, first_name: "Kofi", language_code: "en" };
const SUPPORT_MARK = "[support] ";
const chatOf = (chatId: unknown) => (Number(chatId) === supportChat.id ? supportChat : chat);
/** Who speaks, and where: `bot> `, `[support] bot> `, `[support] Kofi> `. */
const headOf = (chatId: number | undefined, who: string) => `${chatId === supportChat.id ? SUPPORT_MARK : ""}${who}> `;
/** A case nobody took is recalled in the support chat after this long (15 min in production). */
const DEMO_CASE_REMIND_MS = 2 * 60_000;

/** A file of IDs to try bulk checks with: `/file <this path> /collection`. */
const SAMPLE_FILE = "src/demo/sample-ids.csv";
/** Short, so that 🔔 Notify me shows its message within seconds: SETTLE IDs settle after this long. */
const SETTLE_MS = 8_000;
/**
 * The provider is judged on at least 20 enquiries of a kind (each /trouble starts afresh, see
 * health-acts.ts) and recovers quickly, so that /trouble shows it all within a minute: the sample
 * file's 24 IDs that could not be checked make it 🔴, and once they can be again it is back to
 * normal after 10 s, announced within 15 s (the monitor judges every fifth of that, and a machine
 * under load may be late). A newcomer trying the sandbox's IDs one by one (a SLOW one, an ERROR
 * one) makes a handful of enquiries: never enough to call the provider in trouble, by share or by
 * latency (the 95th percentile of 20 leaves the slowest one out).
 */
const DEMO_MIN_ENQUIRIES = 20;
const DEMO_RECOVERY_MS = 10_000;
const PROMISED_RECOVERY_S = 15;
/** Short, so that the SLOW example shows its timeout within seconds. */
const DEMO_TIMEOUT_MS = 3_000;
const DEMO_TOTAL_TIMEOUT_MS = 4_000;
/**
 * /trouble slow: answers within the demo's timeout, yet slower than it calls slow; slow is above
 * what a BUSY ID takes (its Retry-After: 1 s), so that trying it is no slow provider.
 */
const DEMO_SLOW_ANSWER_MS = 2_500;
const DEMO_SLOW_MS = 2_000;
/** When input ends with watches still running, the demo waits for them this long at most. */
const WAIT_FOR_WATCHES_MS = 60_000;

const sandbox = await startSandbox({ token: SANDBOX_TOKEN, stallMs: 60_000, settleMs: SETTLE_MS, slowMs: DEMO_SLOW_ANSWER_MS });
const client = createEnquiryClient({
  baseUrl: sandbox.url,
  token: () => SANDBOX_TOKEN,
  timeoutMs: DEMO_TIMEOUT_MS,
  totalTimeoutMs: DEMO_TOTAL_TIMEOUT_MS,
  retries: 2,
  connections: 4,
});
const logger = createLogger({ level: flags.verbose ? "info" : "silent", secrets: new SecretSet() });
// The embedded store, in memory: the demo leaves nothing behind.
const state = openSqliteStore({ path: IN_MEMORY });
const acts = healthActs(state.tallies);
// The cases as the bot keeps them: /support #N finds a case's card, /reply a case's message.
const caseStore = createCaseStore(state);
const translations = new Translations();
const BOT_TOKEN = "100000001:demo-token-not-used-anywhere";
// Files "sent" with /file are read from disk when the bot downloads them.
const localFiles = new Map<string, string>();
const files: TelegramFiles = {
  async download(fileId, maxBytes) {
    const path = localFiles.get(fileId);
    if (path === undefined) throw new Error("no such file");
    const content = await readFile(path);
    if (content.length > maxBytes) throw new FileTooLargeError(maxBytes);
    return content;
  },
};

let nextMessageId = 1;
let pressable: NumberedButton[] = [];
/** Whether the button pressed last was in the support chat (its toast is shown there). */
let pressedBySupport = false;
/** The inline results last shown: while set, `#n` chooses one (posting it) instead of pressing a button. */
let choosable: InlineQueryResultArticle[] | undefined;
const sent = new Map<number, Message>();
/** Answers posted "via @bot" from inline results, by inline_message_id. */
const postedInline = new Map<string, Message>();

/** A message as its chat shows it: who wrote it (and where), what it is (an edit…), its text, its buttons. */
function show(head: string, message: { text?: string; entities?: MessageEntity[]; reply_markup?: unknown }, note?: string) {
  const indent = " ".repeat(head.length);
  const body = renderText(message.text ?? "", message.entities ?? [], color).split("\n");
  say(`${head}${note === undefined ? "" : `${note}\n${indent}`}${body.join(`\n${indent}`)}`);
  const keyboard = renderButtons(message.reply_markup as Parameters<typeof renderButtons>[0], color);
  if (keyboard.buttons.length > 0) {
    say(`${indent}${keyboard.text.split("\n").join(`\n${indent}`)}`);
    pressable = keyboard.buttons;
    choosable = undefined;
  }
  say("");
}

const receiptPhoto = receiptPhotos();

/** Answers the Bot API calls the bot makes, as Telegram would, and prints what the user would see. */
const offlineTelegram: Transformer = (_prev, method, payload) => {
  const args = payload as Record<string, unknown>;
  const ok = (result: unknown) => Promise.resolve({ ok: true as const, result }) as never;
  switch (method) {
    case "sendMessage": {
      const message = {
        message_id: nextMessageId++,
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
      const message = { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: chatOf(args.chat_id), from: botInfo, text: args.caption } as Message;
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
      pressable = keyboard.buttons;
      const head = headOf(previous?.chat.id, "bot");
      say(`${head}(changes its buttons)\n${" ".repeat(head.length)}${keyboard.text}\n`);
      return ok(message);
    }
    case "answerInlineQuery": {
      const results = (args.results as InlineQueryResultArticle[]).filter((result) => result.type === "article");
      choosable = results;
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
        return { ok: true as const, result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat, from: botInfo } };
      })() as never;
    case "sendPhoto":
      // A receipt: its PNG written to a file, its caption and its code shown.
      return (async () => {
        say(`bot> ${await receiptPhoto(args)}\n`);
        return { ok: true as const, result: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: chatOf(args.chat_id), from: botInfo } };
      })() as never;
    case "answerCallbackQuery":
      if (typeof args.text === "string") say(`${pressedBySupport ? SUPPORT_MARK : "     "}(toast: ${args.text})\n`);
      return ok(true);
    default:
      return ok(true);
  }
};
// The bot as production assembles it; the Bot API calls it makes (replies, and messages sent
// outside any update: notifications, bulk reports) are answered here.
const assembled = assembleBot({
  settings: botSettings({
    telegram: { botToken: BOT_TOKEN, apiRoot: undefined },
    // The demo's agent is an admin too: alerts about the provider come to this chat, and /health shows the admins' part.
    access: { allowEveryone: true, adminUserIds: new Set([user.id]) },
    rateLimit: { maxCost: 1_000 },
    // Watches checked every few seconds, so that a notification arrives while you watch.
    watches: { firstCheckMs: 3_000, maxIntervalMs: 4_000 },
    // Every check asks the sandbox: an answer cached before /trouble would hide the trouble played.
    cacheTtlSeconds: 0,
    // Cases: 🆘 Ask support and /escalate, their cards in the demo's support chat.
    support: { chatId: supportChat.id, threadId: undefined, remindMs: DEMO_CASE_REMIND_MS },
    health: { thresholds: { minEnquiries: DEMO_MIN_ENQUIRIES, slowMs: DEMO_SLOW_MS, recoveryMs: DEMO_RECOVERY_MS } },
  }),
  state: { ...state, tallies: acts.tallies },
  enquiry: { interactive: client, background: client },
  // The sandbox's token, a JWT that expires in 2100: /health says so, as it would of a real one.
  serviceToken: () => SANDBOX_TOKEN,
  telegram: { fetch: createTelegramFetch(), transformers: [offlineTelegram], botInfo, files },
  translations,
  logger,
  instanceId: "demo",
  // Receipts drawn as production draws them: /receipt writes the PNG to a file.
  receiptRenderers: { picture: createReceiptRenderer() },
});
const { bot } = assembled;
// The agent's app language, as if chosen with /language: what the bot sends outside an update (the
// admins' alerts, notifications) follows it too, as a real admin's would once they chose theirs.
const appLocale = pickLocale(flags.lang, translations.locales);
if (appLocale !== DEFAULT_LOCALE) await assembled.languages.choose({ kind: "user", id: user.id }, { locale: appLocale, by: user.id, at: Date.now() });
assembled.startBackground();

let nextUpdateId = 1;
const hasButton = (message: Message, data: string | undefined) => data !== undefined && JSON.stringify(message.reply_markup ?? {}).includes(JSON.stringify(data));

/** `#n` chooses the nth inline result (posting it "via @bot"), or presses the nth button. */
function pressOrChoose(line: string, n: number): Update | undefined {
  if (choosable) {
    const result = choosable[n - 1];
    if (!result || !("message_text" in result.input_message_content)) {
      say(`(no result ${line} to choose)\n`);
      return undefined;
    }
    const inlineMessageId = `inline-${postedInline.size + 1}`;
    const content = result.input_message_content;
    const message = { message_id: 0, date: Math.floor(Date.now() / 1000), chat, text: content.message_text, entities: content.entities, reply_markup: result.reply_markup } as Message;
    postedInline.set(inlineMessageId, message);
    choosable = undefined;
    show("you> ", message, `(post via @${botInfo.username})`);
    // Telegram tells the bot which result was posted where (inline feedback, on in BotFather).
    return { update_id: nextUpdateId++, chosen_inline_result: { result_id: result.id, from: user, query: "", inline_message_id: inlineMessageId } };
  }
  const button = pressable[n - 1];
  const message = [...sent.values()].find((m) => hasButton(m, button?.data));
  const inline = [...postedInline.entries()].find(([, m]) => hasButton(m, button?.data));
  if (!button || (!message && !inline)) {
    say(`(no button ${line} to press)\n`);
    return undefined;
  }
  // A button in the support chat (a card's) is pressed by the support team's member.
  pressedBySupport = message?.chat.id === supportChat.id;
  const query = { id: String(nextUpdateId), from: pressedBySupport ? supportMember : user, chat_instance: "demo", data: button.data };
  return { update_id: nextUpdateId++, callback_query: message ? { ...query, message: message as never } : { ...query, inline_message_id: inline?.[0] } };
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
  const fileId = `demo-file-${localFiles.size + 1}`;
  localFiles.set(fileId, path);
  const command = /^\/\S+/.exec(caption)?.[0];
  const mimeType = { ".csv": "text/csv", ".txt": "text/plain" }[extname(path).toLowerCase()] ?? "application/octet-stream";
  const message = {
    message_id: nextMessageId++,
    date: Math.floor(Date.now() / 1000),
    chat,
    from: user,
    document: { file_id: fileId, file_unique_id: fileId, file_name: basename(path), file_size: size, mime_type: mimeType },
    ...(caption ? { caption } : {}),
    ...(command ? { caption_entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
  } as Update["message"];
  return { update_id: nextUpdateId++, message };
}

/**
 * `/trouble errors` (or timeouts, slow, none): the sandbox plays a provider in trouble, to see
 * /health and its alerts. Each one starts a new act, judged on what happens in it alone (see
 * health-acts.ts); the provider is judged at once, so that a recovery counts from now.
 */
async function playTrouble(mode: string): Promise<void> {
  if (!(mode in TROUBLE_MODES)) {
    say(`(the sandbox can play: ${Object.keys(TROUBLE_MODES).join(", ")})\n`);
    return;
  }
  await assembled.health.recorder.flush();
  acts.next();
  sandbox.setTrouble({ mode: mode as TroubleMode, kinds: ["collection", "airtime"] });
  say(`(sandbox: ${TROUBLE_MODES[mode as TroubleMode]})\n`);
  await assembled.health.monitor.evaluate();
}

/** The first line of a message, shortened: what a reply is to. */
const gist = (message: Message | undefined) => {
  const first = (message?.text ?? "").split("\n")[0] ?? "";
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
};

/**
 * `/support TEXT`: the support team's member writes TEXT in the support chat, as a reply to the
 * last message the bot posted there (a card, or an agent's message); `/support #N TEXT` replies
 * to case #N's card; `/support /cases` (any command) is sent there as it is.
 */
async function supportUpdate(typed: string): Promise<Update | undefined> {
  const numbered = /^#(\d+)(?:\s+([\s\S]*))?$/.exec(typed);
  const text = numbered ? (numbered[2] ?? "").trim() : typed;
  if (text === "") {
    say("(/support TEXT writes TEXT in the support chat as Kofi from the support team, a reply to the latest card or message there; /support #N TEXT replies to case #N's card; /support /cases sends a command there)\n");
    return undefined;
  }
  let replyTo: Message | undefined;
  if (numbered) {
    const value = await caseStore.load(Number(numbered[1]));
    if (!value) {
      say(`(there is no case #${numbered[1]}: /support #N TEXT replies to case #N's card)\n`);
      return undefined;
    }
    replyTo = value.card && sent.get(value.card.messageId);
  } else if (!text.startsWith("/")) {
    replyTo = [...sent.values()].filter((message) => message.chat.id === supportChat.id).at(-1);
    if (!replyTo) {
      say("(no card in the support chat yet: open a case first, e.g. /escalate COL-FAILED-1)\n");
      return undefined;
    }
  }
  const head = headOf(supportChat.id, supportMember.first_name);
  say(`${head}${text}${replyTo ? `\n${" ".repeat(head.length)}(a reply to: ${gist(replyTo)})` : ""}\n`);
  return { update_id: nextUpdateId++, message: messageFrom(supportMember, supportChat, text, replyTo) };
}

/** `/reply TEXT`: the agent replies to the bot's latest message of a case (`/reply #N TEXT`: of case #N), as Telegram's Reply does. */
async function agentReplyUpdate(typed: string): Promise<Update | undefined> {
  const numbered = /^#(\d+)(?:\s+([\s\S]*))?$/.exec(typed);
  const text = numbered ? (numbered[2] ?? "").trim() : typed;
  if (text === "") {
    say("(/reply TEXT answers the bot's latest message of a case, as Telegram's Reply does; /reply #N TEXT, its latest of case #N)\n");
    return undefined;
  }
  let replyTo: Message | undefined;
  for (const message of [...sent.values()].reverse()) {
    if (message.chat.id !== chat.id) continue;
    const number = (await caseStore.caseOfMessage(chat.id, message.message_id))?.number;
    if (number !== undefined && (!numbered || number === Number(numbered[1]))) {
      replyTo = message;
      break;
    }
  }
  if (!replyTo) {
    say(numbered ? `(no message of case #${numbered[1]} to reply to)\n` : "(no message of a case to reply to yet: open a case first, e.g. /escalate COL-FAILED-1)\n");
    return undefined;
  }
  say(`     (a reply to: ${gist(replyTo)})\n`);
  return { update_id: nextUpdateId++, message: messageFrom(user, chat, text, replyTo) };
}

/** A message as Telegram delivers it: a command's entity, and the message it replies to. */
function messageFrom(from: typeof user, where: typeof chat | typeof supportChat, text: string, replyTo?: Message): Update["message"] {
  const command = /^\/\S*/.exec(text)?.[0];
  return {
    message_id: nextMessageId++,
    date: Math.floor(Date.now() / 1000),
    chat: where,
    from,
    text,
    ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
    ...(replyTo ? { reply_to_message: replyTo } : {}),
  } as Update["message"];
}

async function updateFor(line: string): Promise<Update | undefined> {
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
  if (inline) return { update_id: nextUpdateId++, inline_query: { id: String(nextUpdateId), from: user, query: inline[1] ?? "", offset: "", chat_type: "sender" } };
  return { update_id: nextUpdateId++, message: messageFrom(user, chat, line) };
}

say(
  [
    "Payment status bot: terminal demo (no Telegram, no token; a built-in sandbox plays the provider).",
    "Type commands as you would in Telegram, e.g.:",
    "  /collection COL-SUCCESS-1     /airtime AIR-FAILED-7     /status ANY-PENDING-3",
    "  /collection COL-SUCCESS-1 COL-FAILED-2 COL-PENDING-3   (several at once)",
    "  COL-SUCCESS-9                 (just an ID: the bot asks which kind)",
    `  /watch COL-SETTLE-1           (pending for ${SETTLE_MS / 1000} s, then settled: the bot tells you)`,
    `  @${botInfo.username} ANY-PENDING-4   (inline mode, as in any chat; then #1 posts a result)`,
    `  /file ${SAMPLE_FILE} /collection   (a file of IDs: progress, summary and a CSV report)`,
    "  /escalate COL-FAILED-1 charged twice   (a case: its card goes to the support chat, shown as [support])",
    "  /support Which number paid?   (as Kofi of the support team: a reply to the latest card; /support #1 TEXT: case #1's)",
    "  /reply 0244 123 456           (as the agent again: a reply to the bot's latest message of a case)",
    "  /receipt COL-SUCCESS-1 sw     (a receipt for the customer, in Swahili: its picture written to a file, its code shown;",
    "                                then /start r_CODE checks it, as the customer opening its link would)",
    `  /trouble errors, then /file ${SAMPLE_FILE} /collection`,
    `                                (the whole provider fails: an alert, and /health turns red; /trouble none, and it recovers within ${PROMISED_RECOVERY_S} s)`,
    "Press a button by typing its number, e.g. #1. /help shows everything; Ctrl+D quits.",
    `Sandbox IDs: COL-/AIR-/ANY- followed by ${Object.keys(SCENARIOS).join(", ")} (anything else is not found).`,
    "",
  ].join("\n"),
);

// On a terminal, readline draws the prompt and echoes what is typed: it needs the output for both.
const input = interactive
  ? createInterface({ input: process.stdin, output: process.stdout, terminal: true, prompt: "you> " })
  : createInterface({ input: process.stdin, terminal: false });
const waitForLine = () => {
  input.prompt();
  promptShown = { redraw: () => input.prompt(true) };
};
input.on("line", () => (promptShown = undefined));
// Ctrl+C ends the input as Ctrl+D does (readline would otherwise only pause it, and the demo would
// hang); with watches still running, the demo then says that a second Ctrl+C quits at once.
input.on("SIGINT", () => input.close());
// A real SIGINT (piped input, or a terminal once readline has let go of it) quits at once. It is
// listened to from the start and for good: a signal that found no listener, even for a moment
// between the input's end and the wait, would kill the demo with 130 instead of ending it cleanly.
let quit: () => void = () => undefined;
const quitting = new Promise<"quit">((resolve) => (quit = () => resolve("quit")));
process.on("SIGINT", () => {
  input.close();
  quit();
});
input.on("close", () => {
  // What follows (and the shell's prompt) starts on a line of its own, not after "you> ".
  if (promptShown) process.stdout.write("\n");
  promptShown = undefined;
});
if (interactive) waitForLine();
for await (const raw of input) {
  const line = raw.trim();
  if (line !== "") {
    if (!interactive) say(`you> ${line}`);
    const update = await updateFor(line);
    if (update) {
      await bot.handleUpdate(update);
      // Piped input is a script: a file check it started ends before the next line, as a person would wait for it.
      if (!interactive) await bulkChecksDone();
      // Judged after each update (every few seconds otherwise): an alert follows the answer that showed the trouble.
      await assembled.health.monitor.evaluate();
    }
  }
  if (interactive) waitForLine();
}

// Input is over: give running watches and bulk checks the time to finish, as a user would wait for
// the message; Ctrl+C (a second one, on a terminal) quits at once, naming what it drops.
const watched = async () => (await assembled.watches.watchesOf(chat.id, user.id)).map(({ target }) => target);
const stillRunning = async () => assembled.bulkJobs.running + (await assembled.watches.activeTargets()) + (await assembled.watches.pendingNotices()) > 0;
if (await stillRunning()) {
  const ids = (await watched()).map((target) => target.transactionId);
  const what = [...(ids.length > 0 ? [`${listed(ids)} to settle`] : []), ...(assembled.bulkJobs.running > 0 ? ["the file check to finish"] : [])];
  say(`(waiting up to ${WAIT_FOR_WATCHES_MS / 1000} s for ${what.join(" and ") || "the last messages"}; Ctrl+C quits now)\n`);
}
const waitUntil = Date.now() + WAIT_FOR_WATCHES_MS;
let ended: "quit" | "waited" | undefined;
while ((await stillRunning()) && ended === undefined) {
  const left = waitUntil - Date.now();
  if (left <= 0) ended = "waited";
  else if ((await Promise.race([quitting, new Promise((resolve) => setTimeout(resolve, Math.min(250, left)))])) === "quit") ended = "quit";
}
if (ended !== undefined) {
  const dropped = (await watched()).map((target) => `the watch of ${target.transactionId} was dropped, ${lastSeen(target.last?.[0])}`);
  const heading = ended === "quit" ? "quit" : `stopped waiting after ${WAIT_FOR_WATCHES_MS / 1000} s`;
  if (dropped.length > 0 || assembled.bulkJobs.running > 0) say(`(${heading}: ${[...dropped, ...(assembled.bulkJobs.running > 0 ? ["the file check stops and sends what it checked"] : [])].join("; ")})\n`);
}
await assembled.stopBackground(1_000);
await client.close();
await state.close();
await sandbox.close();
process.exit(0);

/** Resolves once no file check runs here (it checks every tenth of a second). */
async function bulkChecksDone(): Promise<void> {
  while (assembled.bulkJobs.running > 0) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** "COL-1", "COL-1 and COL-2", "COL-1, COL-2 and COL-3". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** What a dropped watch's payment was when last checked. */
function lastSeen(outcome: EnquiryOutcome | undefined): string {
  if (!outcome) return "not checked yet";
  if (outcome.type === "found") return `still ${outcome.transaction.status}`;
  return outcome.type === "not_found" ? "still not found" : "not checked lately";
}
