import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, NOWHERE } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { processEnv, REPO_ROOT, startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { signalGroup, spawnGroup } from "../support/child-processes.ts";
import { pseudoTerminalAvailable } from "../support/demo-process.ts";
import { startFakeBotApi, type FakeBotApi } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-startup-problems-0123";
const START = startScriptCommand().join(" ");
/** A stack trace, Node's report of an uncaught error, or an error's type: none belongs in what an operator reads. */
const CRASH = /\bat .*\.[jt]s:\d+|\n\s+at |Uncaught|StateFileError|SqliteError|"stack"|database is locked/;

let dir: string;
let telegram: FakeBotApi | undefined;
let first: BotProcess | undefined;
const groups: number[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "startup-problems-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  groups.splice(0).forEach((pid) => signalGroup(pid, "SIGKILL"));
  await first?.stop("SIGKILL");
  await telegram?.close();
  first = telegram = undefined;
});

/** Every variable blank (as a copied .env.example leaves them), then these. */
const envWith = processEnv;

/** `npm start`'s command, on a pseudo-terminal (as a person starts it in a terminal) or with its output piped. */
function startOn(terminal: boolean, values: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [file = "node", ...args] = terminal ? ["script", "-qfec", START, "/dev/null"] : startScriptCommand();
  const child = spawnGroup(file, args, { cwd: REPO_ROOT, env: envWith(values), stdio: ["pipe", "pipe", "pipe"] });
  if (child.pid !== undefined) groups.push(child.pid);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output: output.replace(/\r/g, "") })));
}

const withTerminal = pseudoTerminalAvailable();
if (!withTerminal) process.stderr.write("SKIPPED start-up tests on a terminal: `script` (util-linux) is not installed, so no pseudo-terminal can be opened.\n");

describe("the configuration's problems", () => {
  it.skipIf(!withTerminal)("on a terminal: a plain list, one problem a line, and exit 1", async () => {
    const { code, output } = await startOn(true, {});
    expect(code).toBe(1);
    expect(output).toMatch(/^The bot cannot start; fix its configuration \(see \.env\.example\):\n {2}- TELEGRAM_BOT_TOKEN is required\n {2}- ENQUIRY_BASE_URL is required\n {2}- ENQUIRY_TOKEN is required/m);
    expect(output).not.toContain('{"level"');
  }, 30_000);

  it("piped: one JSON line on stderr, for the log collector", async () => {
    const { code, output } = await startOn(false, {});
    expect(code).toBe(1);
    const entry = JSON.parse(output.trim()) as { level: string; problems: string[]; msg: string };
    expect(entry).toMatchObject({ level: "fatal", msg: "the bot cannot start; fix its configuration (see .env.example)" });
    expect(entry.problems).toEqual(expect.arrayContaining(["TELEGRAM_BOT_TOKEN is required", "ENQUIRY_BASE_URL is required"]));
  }, 30_000);
});

describe("a second instance on the same STATE_DB", () => {
  async function firstInstance(path: string): Promise<Record<string, string>> {
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const env = baseEnv(telegram, { url: NOWHERE, token: SERVICE_TOKEN }, { STATE_DB: path });
    first = startBotProcess(env, startScriptCommand());
    await first.waitForLog((entry) => entry.msg === "bot started", 30_000);
    return env;
  }
  const SENTENCE = (path: string) => `STATE_DB ${path} is in use by another running instance. One file serves one instance: to run several, set REDIS_URL.`;

  it.skipIf(!withTerminal)("on a terminal: exits 1 with the sentence alone", async () => {
    const path = join(dir, "terminal.db");
    const { code, output } = await startOn(true, await firstInstance(path));
    expect(code).toBe(1);
    expect(output.trim().split("\n").at(-1)).toBe(`The bot cannot start: ${SENTENCE(path)}`);
    expect(output).not.toMatch(CRASH);
    expect(output).not.toContain(SERVICE_TOKEN);
  }, 40_000);

  it("piped: exits 1 with one JSON line whose reason is the sentence, and no stack", async () => {
    const path = join(dir, "piped.db");
    const { code, output } = await startOn(false, await firstInstance(path));
    expect(code).toBe(1);
    const fatal = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.level === "fatal");
    expect(fatal).toEqual([expect.objectContaining({ msg: "the bot cannot start", reason: SENTENCE(path) })]);
    expect(output).not.toMatch(CRASH);
  }, 40_000);
});

describe("Telegram at start", () => {
  it("unreachable: each failed attempt is logged with when the next one is; SIGTERM meanwhile stops at once, exit 0, in one line", async () => {
    first = startBotProcess(baseEnv(undefined, { url: NOWHERE, token: SERVICE_TOKEN }), startScriptCommand());
    const retrying = (attempt: number) => (entry: Record<string, unknown>) => entry.msg === "could not reach Telegram at start; trying again" && entry.attempt === attempt;
    const firstFailure = await first.waitForLog(retrying(1), 30_000);
    expect(firstFailure).toMatchObject({ level: "warn", method: "getMe", description: expect.stringContaining("ECONNREFUSED"), retryInSeconds: 1 });
    expect(Date.parse(String(firstFailure.nextAttemptAt)) - Date.parse(String(firstFailure.time))).toBeGreaterThanOrEqual(900);
    expect(await first.waitForLog(retrying(2), 10_000)).toMatchObject({ retryInSeconds: 2 });
    const before = first.logs().length;
    const code = await first.stop("SIGTERM");
    expect(code).toBe(0);
    expect(first.logs().slice(before)).toEqual([expect.objectContaining({ level: "info", msg: "stopped during start-up", signal: "SIGTERM" })]);
    expect(first.stderr.join("")).toBe("");
  }, 40_000);

  it("a bot token Telegram refuses (401): exits 1 saying to copy it again from @BotFather, as doctor does", async () => {
    telegram = await startFakeBotApi({ token: "999999:another-bot-token-than-the-one-configured", botInfo: BOT_INFO });
    first = startBotProcess(baseEnv(telegram, { url: NOWHERE, token: SERVICE_TOKEN }), startScriptCommand());
    // Its output read to the end: the streams close after the process exits.
    const closed = new Promise((resolve) => first?.child.once("close", resolve));
    expect(await first.exited).toBe(1);
    await closed;
    const fatal = first.logs().filter((entry) => entry.level === "fatal");
    const host = new URL(telegram.apiRoot).host;
    expect(fatal).toEqual([
      expect.objectContaining({
        msg: "the bot cannot start",
        reason: `the Bot API at TELEGRAM_API_ROOT (${host}) refused TELEGRAM_BOT_TOKEN (HTTP 401 to getMe): copy it again from @BotFather (/mybots → API Token)`,
      }),
    ]);
    expect(first.stdout.join("\n")).not.toContain(BOT_TOKEN);
    expect(first.stdout.join("\n")).not.toMatch(CRASH);
  }, 40_000);
});
