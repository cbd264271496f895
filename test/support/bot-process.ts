import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CONFIG_VARIABLES } from "../../src/config/config.ts";
import { isGroupAlive, signalGroup, spawnGroup } from "./child-processes.ts";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The command `npm start` runs, run directly. npm itself dies at once on SIGTERM (without waiting
 * for its child), so tests of signal handling talk to the bot's own process, as a process manager
 * or container runtime does.
 */
export function startScriptCommand(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("package.json", `file://${REPO_ROOT}/`), "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start.split(" ");
}

/** Every variable the bot reads, blank unless given, so a developer's own .env cannot leak into a test. */
const BLANK_CONFIG = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, ""]));

/** The whole environment of a process under test: this one's, every variable the bot reads blank, state in memory, then `env`. */
export const processEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...BLANK_CONFIG, STATE_DB: ":memory:", ...env });

export interface BotProcess {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Parsed JSON log lines so far. */
  logs(): Record<string, unknown>[];
  waitForLog(predicate: (entry: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

/**
 * Runs the bot as users run it: `npm start`, configured only through the environment (with its
 * state in memory unless the test gives STATE_DB). It runs in a process group of its own, which
 * `stop` signals whole: npm, and the node process under it.
 */
export function startBotProcess(env: Record<string, string>, command: string[] = ["npm", "start", "--silent"]): BotProcess {
  const [file = "npm", ...args] = command;
  const child = spawnGroup(file, args, {
    cwd: REPO_ROOT,
    env: processEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let partial = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    stdout.push(...lines.filter(Boolean));
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const logs = () =>
    stdout.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  return {
    child,
    stdout,
    stderr,
    logs,
    exited,
    async waitForLog(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = logs().find(predicate);
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`bot exited (${child.exitCode}): ${stderr.join("")}${stdout.join("\n")}`);
        if (Date.now() > deadline) throw new Error(`no such log line; got:\n${stdout.join("\n")}\n${stderr.join("")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Signals the whole group and resolves, with the leader's exit code, once every process in it is gone. */
    async stop(signal = "SIGTERM", timeoutMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) signalGroup(child.pid, signal);
      const code = await exited;
      const deadline = Date.now() + timeoutMs;
      while (isGroupAlive(child.pid ?? 0)) {
        if (Date.now() > deadline) signalGroup(child.pid, "SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return code;
    },
  };
}

/** The environment that starts an instance behind a webhook on a port of its own, sharing a Redis under `prefix`. */
export const webhookInstanceEnv = (secret: string, redisUrl: string, prefix: string): Record<string, string> => ({
  BOT_MODE: "webhook",
  HTTP_PORT: "0",
  WEBHOOK_URL: "https://bot.example.com/hook",
  WEBHOOK_SECRET: secret,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
});

/** Once each webhook instance is up: a way to deliver an update to it as Telegram would (with the secret); the HTTP status. */
export async function webhookDeliverers(instances: readonly BotProcess[], secret: string): Promise<((update: unknown) => Promise<number>)[]> {
  const deliverers: ((update: unknown) => Promise<number>)[] = [];
  for (const instance of instances) {
    // The server with the webhook (with OPS_PORT, another one serves the probes and metrics).
    const listening = await instance.waitForLog((entry) => entry.msg === "http server listening" && entry.webhook === true, 30_000);
    await instance.waitForLog((entry) => entry.msg === "bot started", 30_000);
    const url = `http://127.0.0.1:${String(listening.port)}/hook`;
    deliverers.push(async (update) => (await fetch(url, { method: "POST", body: JSON.stringify(update), headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret } })).status);
  }
  return deliverers;
}
