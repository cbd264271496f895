import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox, type Sandbox } from "../src/payments/enquiry/sandbox/server.ts";
import type { EnquiryKind } from "../src/payments/enquiry/types.ts";
import { BOT_INFO, BOT_TOKEN } from "../test/support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../test/support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi } from "../test/support/fake-bot-api.ts";

export type BotKind = "ours" | "baseline";
export const SANDBOX_TOKEN = "bench-sandbox-token-0123456789";
const CLOCK_TICKS_PER_SECOND = 100;

export interface Rig {
  telegram: FakeBotApi;
  sandbox: Sandbox;
  bot: BotProcess;
  /** Command message → when it was pushed; reply → when it arrived. */
  sentAt: Map<number, number>;
  repliedAt: Map<number, number>;
  close(): Promise<void>;
}

/**
 * One bot process (ours, exactly as `npm start` runs it, or the baseline) against a local Bot API
 * server that plays the users and a local enquiry service with the given latency.
 */
export async function startRig(
  kind: BotKind,
  options: {
    latencyMs: number;
    users: number[];
    cpuProfileDir?: string;
    env?: Record<string, string>;
    onEnquiry?: (kind: EnquiryKind, transactionId: string) => void;
    /** Ours without the V8 flags of the start command (V8's own heap sizing), for comparison. */
    v8Defaults?: boolean;
    /** Ours from another bundle (an earlier version, for bench:compare). */
    bundle?: string;
    /** More flags for node, before the bundle (experiments with V8's settings). */
    nodeFlags?: readonly string[];
    /** A command the bot runs under (valgrind, to count instructions). */
    wrapper?: readonly string[];
    /** Where update IDs start (a store that bots before this one used remembers theirs as handled). */
    firstUpdateId?: number;
  },
): Promise<Rig> {
  const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO, ...(options.firstUpdateId === undefined ? {} : { firstUpdateId: options.firstUpdateId }) });
  const sandbox = await startSandbox({ token: SANDBOX_TOKEN, latencyMs: options.latencyMs, ...(options.onEnquiry ? { onEnquiry: options.onEnquiry } : {}) });
  // A store of the rig's own, removed with it (scenarios seed theirs through `env.STATE_DB`).
  const stateDir = mkdtempSync(join(tmpdir(), "bench-state-"));
  const env = {
    STATE_DB: join(stateDir, "bot.db"),
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    ENQUIRY_BASE_URL: sandbox.url,
    ENQUIRY_TOKEN: SANDBOX_TOKEN,
    ALLOWED_USER_IDS: options.users.join(","),
    ALLOWED_CHAT_IDS: String(GROUP.id),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    ...options.env,
  };
  const ours = startScriptCommand()
    .filter((arg) => !(options.v8Defaults && arg.startsWith("--")))
    .flatMap((arg) => (arg === "dist/main.js" ? [...(options.nodeFlags ?? []), options.bundle ?? arg] : [arg]));
  const [node = "node", ...args] = kind === "ours" ? ours : ["node", "dist/bench/baseline-bot.js"];
  const command = [...(options.wrapper ?? []), node, ...(options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : []), ...args];
  const bot = startBotProcess(env, command);
  // Listening once it polls; no need to read its logs (whose level is part of what is measured).
  const deadline = Date.now() + (options.wrapper ? 600_000 : 60_000);
  while (!telegram.attempts.get("getUpdates")) {
    if (bot.child.exitCode !== null || Date.now() > deadline) {
      await bot.stop("SIGKILL");
      await Promise.all([telegram.close(), sandbox.close()]);
      rmSync(stateDir, { recursive: true, force: true });
      throw new Error(`${kind} bot did not start: ${bot.stderr.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Let the first long poll arrive, so that timing starts with a bot that is listening.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const sentAt = new Map<number, number>();
  const repliedAt = new Map<number, number>();
  telegram.onCall((call) => {
    const id = (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id;
    if (call.method === "sendMessage" && id !== undefined && !repliedAt.has(id)) repliedAt.set(id, performance.now());
  });
  return {
    telegram,
    sandbox,
    bot,
    sentAt,
    repliedAt,
    async close() {
      // SIGTERM: a clean exit, which is also when a CPU profile gets written.
      await bot.stop("SIGTERM");
      await telegram.close();
      await sandbox.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export const GROUP = { id: -1001000000001, type: "supergroup" as const, title: "Support" };

export function privateChat(userId: number) {
  return { id: userId, type: "private" as const, first_name: `User ${userId}` };
}

/** Pushes a command as a user would send it, remembering when. */
export function send(rig: Rig, chat: ReturnType<typeof privateChat> | typeof GROUP, userId: number, text: string): number {
  const update = rig.telegram.sendText(chat, { id: userId, first_name: `User ${userId}` }, text);
  const id = update.message?.message_id ?? -1;
  rig.sentAt.set(id, performance.now());
  return id;
}

export async function waitForReplies(rig: Rig, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (rig.repliedAt.size < count) {
    if (Date.now() > deadline) throw new Error(`only ${rig.repliedAt.size} of ${count} replies after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Latencies (ms) from each command to its reply. */
export function latencies(rig: Rig): number[] {
  return [...rig.sentAt].flatMap(([id, sent]) => {
    const replied = rig.repliedAt.get(id);
    return replied === undefined ? [] : [replied - sent];
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Process CPU time (user + system), in ms, from /proc. */
export function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
}

export function rssMb(pid: number | undefined): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}
