import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi } from "../support/fake-bot-api.ts";
import { enquiryAnswer, json, startLocalServer, type Handler, type LocalServer } from "../support/http-server.ts";

/**
 * Load with faults: a burst of commands from many users through the real bot process, while some
 * enquiries fail in assorted ways and Telegram now and then answers 429. CI runs the size the
 * issue asks for; `npm run test:soak` runs a long version (SOAK_COMMANDS, SOAK_USERS).
 */
const COMMANDS = Number(process.env.SOAK_COMMANDS ?? 1_000);
const USERS = Number(process.env.SOAK_USERS ?? 100);
const FAULT_RATE = 0.05;
const TELEGRAM_429_RATE = 0.02;
const SERVICE_TOKEN = "soak-service-token-0123456789";

// A seeded generator: the same faults in every run, so a failure can be reproduced.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const FAULTS: Handler[] = [
  (_r, res) => json(res, 500, { message: "boom" }),
  (_r, res) => json(res, 503, { message: "busy" }),
  (_r, res) => json(res, 200, "{not json"),
  (_r, res) => json(res, 200, { unexpected: true }),
  (_r, res) => json(res, 404, { message: "Transaction not found" }),
  (_r, res) => json(res, 401, { message: "expired" }),
  (_r, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
    res.write('{"code":"2');
    setTimeout(() => res.socket?.destroy(), 5);
  },
  () => undefined, // stall: a timeout
];

let telegram: FakeBotApi;
let service: LocalServer;
let bot: BotProcess;
const counts = { faultsInjected: 0, telegram429: 0 };

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

beforeAll(async () => {
  const next = random(42);
  service = await startLocalServer((request, res, req) => {
    const { transactionID } = JSON.parse(request.body) as { transactionID: string };
    if (next() < FAULT_RATE) {
      counts.faultsInjected++;
      return (FAULTS[Math.floor(next() * FAULTS.length)] as Handler)(request, res, req);
    }
    const status = ["SUCCESS", "FAILED", "PENDING"][Math.floor(next() * 3)] as string;
    json(res, 200, enquiryAnswer(transactionID, { status, mnoTransactionID: `MNO-${transactionID}`, ...(status === "FAILED" ? { message: "Declined" } : {}) }));
  });
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  const chaos = random(7);
  telegram.chaos.inject = (method) => {
    if (method !== "sendMessage" || chaos() >= TELEGRAM_429_RATE) return undefined;
    counts.telegram429++;
    return { method, times: 1, response: { status: 429, error_code: 429, description: "Too Many Requests: retry after 1", retry_after: 1 } };
  };
  bot = startBotProcess(
    {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ENQUIRY_BASE_URL: service.url,
      ENQUIRY_TOKEN: SERVICE_TOKEN,
      ENQUIRY_TIMEOUT_MS: "1000",
      ENQUIRY_TOTAL_TIMEOUT_MS: "2000",
      ALLOWED_USER_IDS: Array.from({ length: USERS }, (_, i) => 10_000 + i).join(","),
      CACHE_TTL_SECONDS: "0",
      RATE_LIMIT_MAX: "10000",
      LOG_LEVEL: "warn",
    },
    startScriptCommand(),
  );
  await telegram.waitFor((calls) => calls.some((call) => call.method === "setMyCommands"), 30_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
}, 40_000);

afterAll(async () => {
  await bot.stop("SIGTERM");
  await telegram.close();
  await service.close();
});

describe(`soak: ${COMMANDS} commands from ${USERS} users in a burst, ${FAULT_RATE * 100}% enquiry faults, occasional Telegram 429s`, () => {
  it("answers every command exactly once, without crashing, in bounded memory", async () => {
    const rssBefore = rssMb(bot.child.pid);
    const sentIds = new Set<number>();
    for (let n = 0; n < COMMANDS; n++) {
      const userId = 10_000 + (n % USERS);
      const kind = n % 3 === 0 ? "airtime" : "collection";
      const update = telegram.sendText({ id: userId, type: "private", first_name: "U" }, { id: userId, first_name: "U" }, `/${kind} SOAK-${n}`);
      sentIds.add(update.message?.message_id ?? -1);
    }
    const started = Date.now();
    const repliesPerMessage = () => {
      const replies = new Map<number, number>();
      for (const call of telegram.calls) {
        const id = (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id;
        if (call.method === "sendMessage" && id !== undefined) replies.set(id, (replies.get(id) ?? 0) + 1);
      }
      return replies;
    };
    await telegram.waitFor(() => repliesPerMessage().size >= COMMANDS, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const replies = repliesPerMessage();
    const lost = [...sentIds].filter((id) => !replies.has(id)).length;
    const duplicated = [...replies.values()].filter((count) => count > 1).length;
    const rssAfter = rssMb(bot.child.pid);
    const report = {
      commands: COMMANDS,
      users: USERS,
      replies: replies.size,
      lost,
      duplicated,
      crashed: bot.child.exitCode !== null,
      faultsInjected: counts.faultsInjected,
      telegram429: counts.telegram429,
      upstreamRequests: service.requests.length,
      answers: Object.fromEntries(
        [...telegram.calls.reduce((tally, call) => {
          if (call.method !== "sendMessage") return tally;
          const head = (call.payload.text ?? "").split("\n")[0]?.replace(/ (Collection|Airtime) SOAK-\d+/, "") ?? "";
          return tally.set(head, (tally.get(head) ?? 0) + 1);
        }, new Map<string, number>())],
      ),
      seconds: (Date.now() - started) / 1000,
      rssMb: { before: Math.round(rssBefore), after: Math.round(rssAfter) },
    };
    console.log(`soak report: ${JSON.stringify(report)}`);
    expect(report.crashed).toBe(false);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(counts.faultsInjected).toBeGreaterThan(0);
    expect(counts.telegram429).toBeGreaterThan(0);
    // Bounded: the whole burst may not add more than this, whatever its size.
    expect(rssAfter - rssBefore).toBeLessThan(150);
    expect(bot.logs().filter((entry) => entry.level === "fatal")).toEqual([]);
  }, 180_000);
});
