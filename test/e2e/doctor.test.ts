import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, clientCredentialsEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { processEnv, REPO_ROOT, startBotProcess, type BotProcess } from "../support/bot-process.ts";
import { spawnGroup } from "../support/child-processes.ts";
import { startFakeBotApi, type FakeBotApi } from "../support/fake-bot-api.ts";
import { deletePrefix, probeRedis, testPrefix } from "../support/redis.ts";

const CLIENT_SECRET = "doctor-client-secret-0123456789";
const SUBSCRIPTION_KEY = "doctor-subscription-key-9876543210";
const STATIC_TOKEN = "doctor-static-token-abcdef";

const redis = await probeRedis();

let telegram: FakeBotApi;
let sandbox: TestSandbox;
let dir: string;
beforeAll(async () => {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  sandbox = await startTestSandbox({ token: STATIC_TOKEN, tokenEndpoint: { clientId: "doctor-client", clientSecret: CLIENT_SECRET, lifetimeSeconds: 300 } });
  dir = mkdtempSync(join(tmpdir(), "doctor-"));
});
afterAll(async () => {
  await telegram.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

let running: BotProcess | undefined;
afterEach(async () => {
  await running?.stop("SIGKILL");
  running = undefined;
  sandbox.tokenEndpoint?.setMode("normal");
});

/** The command `npm run doctor` runs (after its build), run directly: the suite built the bundle once. */
function doctorCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: { doctor: string } };
  return pkg.scripts.doctor.split(" ");
}

/** Runs doctor as an operator would, configured only through the environment; its exit code and every line it printed. */
async function doctor(env: Record<string, string>): Promise<{ code: number | null; lines: string[]; output: string }> {
  running = startBotProcess(
    baseEnv(telegram, sandbox, {
      ...clientCredentialsEnv(sandbox, { clientId: "doctor-client", clientSecret: CLIENT_SECRET }),
      ENQUIRY_HEADERS: JSON.stringify({ "Ocp-Apim-Subscription-Key": SUBSCRIPTION_KEY, "X-Target-Environment": "sandbox" }),
      STATE_DB: join(dir, "bot.db"),
      ...env,
    }),
    doctorCommand(),
  );
  const code = await running.exited;
  const output = running.stdout.join("\n") + running.stderr.join("");
  return { code, lines: running.stdout, output };
}

const checkLines = (lines: string[]) => lines.filter((line) => /^[✓✗] /.test(line));
const line = (lines: string[], label: string) => lines.find((candidate) => candidate.slice(2).startsWith(`${label}:`)) ?? "";

/** Not a single secret, nor a token the sandbox handed out, in anything doctor printed. */
function expectNoSecret(output: string) {
  for (const secret of [BOT_TOKEN, CLIENT_SECRET, SUBSCRIPTION_KEY, STATIC_TOKEN, Buffer.from(`doctor-client:${CLIENT_SECRET}`).toString("base64")]) expect(output).not.toContain(secret);
  expect(output).not.toMatch(/sbx-[0-9a-f]{32}/);
}

describe("npm run doctor, the real process", () => {
  it("against the sandbox and a fake Telegram: every check ✓, exit 0, the bot named, the token's life told; no message sent, no secret printed", async () => {
    const sentBefore = telegram.calls.filter((call) => call.method !== "getMe").length;
    const { code, lines, output } = await doctor({});
    expect(checkLines(lines).map((text) => text.slice(0, 1))).toEqual(["✓", "✓", "✓", "✓", "✓", "✓"]);
    expect(code).toBe(0);
    expect(line(lines, "Configuration")).toMatch(/parses: polling, state in SQLite at .*bot\.db, token obtained by the bot from ENQUIRY_TOKEN_URL$/);
    expect(line(lines, "Telegram")).toContain("the bot token works: @payment_status_bot");
    expect(line(lines, "State store")).toMatch(/SQLite file .*bot\.db opens and is writable/);
    expect(line(lines, "Service token")).toMatch(/obtained from POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token: lives 5 min; the bot renews it/);
    expect(line(lines, "Collection enquiry")).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/collection\/enquiry answered as the API does \(DOCTOR-[0-9A-F]{8}: not found/);
    expect(line(lines, "Airtime enquiry")).toMatch(/\/api\/v1\/airtime\/enquiry answered as the API does/);
    expect(lines.at(-1)).toMatch(/^All checks passed/);
    expect(telegram.calls.filter((call) => call.method !== "getMe")).toHaveLength(sentBefore);
    expect(telegram.calls.some((call) => call.method === "getMe")).toBe(true);
    expectNoSecret(output);
  }, 30_000);

  it("an address written with the API's own path: accepted, and the addresses it calls named", async () => {
    const { code, lines } = await doctor({ ENQUIRY_BASE_URL: `${sandbox.url}/api/v1` });
    expect(code).toBe(0);
    expect(lines.join("\n")).toMatch(/ENQUIRY_BASE_URL ends with \/api\/v1, which the bot adds itself: set ENQUIRY_BASE_URL=http:\/\/127\.0\.0\.1:\d+ instead\. It calls http:\/\/127\.0\.0\.1:\d+\/api\/v1\/collection\/enquiry/);
  }, 30_000);

  it("a wrong address (a web server's HTML 404): ✗ 'the address looks wrong', with what to check, exit 1", async () => {
    const { code, lines, output } = await doctor({ ENQUIRY_BASE_URL: `${sandbox.url}/momo/v2` });
    expect(code).toBe(1);
    expect(line(lines, "Collection enquiry")).toMatch(/^✗ Collection enquiry: the address looks wrong: POST http:\/\/127\.0\.0\.1:\d+\/momo\/v2\/api\/v1\/collection\/enquiry answered HTTP 404 with a web page \(HTML\), not the API; check ENQUIRY_BASE_URL/);
    expect(line(lines, "Airtime enquiry")).toMatch(/^✗ .*the address looks wrong/);
    expect(line(lines, "Service token")).toMatch(/^✓/);
    expect(lines.at(-1)).toBe("2 problems: fix them, then run npm run doctor again.");
    expectNoSecret(output);
  }, 30_000);

  it("the credentials refused: ✗ with the provider's reason and what to check; the enquiries not tried; exit 1", async () => {
    sandbox.tokenEndpoint?.setMode("refuse");
    const { code, lines, output } = await doctor({});
    expect(code).toBe(1);
    expect(line(lines, "Service token")).toMatch(/^✗ Service token: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token refused the client's credentials \(HTTP 401 invalid_client\): check ENQUIRY_CLIENT_ID, ENQUIRY_CLIENT_SECRET, and ENQUIRY_TOKEN_AUTH/);
    expect(line(lines, "Collection enquiry")).toBe("– Collection enquiry: not tried: there is no service token to send, see above");
    expect(lines.at(-1)).toBe("1 problem: fix it, then run npm run doctor again.");
    expectNoSecret(output);
  }, 30_000);

  it("an unreachable store: ✗ 'Redis does not answer', with what to check, exit 1", async () => {
    const port = await closedPort();
    const { code, lines, output } = await doctor({ REDIS_URL: `redis://:${CLIENT_SECRET}@127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(line(lines, "State store")).toMatch(/^✗ State store: Redis does not answer: cannot connect to REDIS_URL \(ECONNREFUSED\)\. Check REDIS_URL/);
    // The rest is still checked.
    expect(line(lines, "Collection enquiry")).toMatch(/^✓/);
    expectNoSecret(output);
  }, 30_000);

  it.skipIf(!redis.available)("a reachable Redis: ✓ with where its master is and its persistence", async () => {
    const prefix = testPrefix("doctor");
    try {
      const { code, lines } = await doctor({ REDIS_URL: redis.available ? redis.url : "", REDIS_PREFIX: prefix });
      expect(code).toBe(0);
      expect(line(lines, "State store")).toMatch(/^✓ State store: Redis answers \(master [^,]+, \d+ replicas? online\); (NO )?persistence/);
    } finally {
      if (redis.available) await deletePrefix(redis.url, prefix);
    }
  }, 30_000);

  it.skipIf(!redis.available)("a Redis user without ROLE (an ACL of -@dangerous): ✓, and what it costs (no wait for a replica)", async () => {
    const prefix = testPrefix("doctor-acl");
    const user = `psb-doctor-${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    const admin = new Redis(redis.available ? redis.url : "");
    try {
      await admin.call("ACL", "SETUSER", user, "on", `>${password}`, "~*", "&*", "+@all", "-@dangerous");
      const url = new URL(redis.available ? redis.url : "redis://127.0.0.1:6379");
      url.username = user;
      url.password = password;
      const { code, lines, output } = await doctor({ REDIS_URL: url.toString(), REDIS_PREFIX: prefix });
      expect(code).toBe(0);
      expect(line(lines, "State store")).toMatch(/^✓ State store: Redis answers .*; ROLE is not allowed for this user: .*allow ROLE and WAIT/);
      expect(output).not.toContain(password);
    } finally {
      await admin.call("ACL", "DELUSER", user);
      admin.disconnect();
      if (redis.available) await deletePrefix(redis.url, prefix);
    }
  }, 30_000);

  it("a configuration that does not parse: ✗ with every problem, exit 1, no value quoted", async () => {
    const { code, lines, output } = await doctor({ ENQUIRY_CLIENT_SECRET: "", ENQUIRY_HEADERS: `{"Authorization":"${SUBSCRIPTION_KEY}"}` });
    expect(code).toBe(1);
    expect(lines.join("\n")).toMatch(/✗ Configuration: 2 problems/);
    expect(lines.join("\n")).toMatch(/- ENQUIRY_HEADERS cannot set Authorization/);
    expect(lines.join("\n")).toMatch(/- ENQUIRY_CLIENT_SECRET is required when ENQUIRY_TOKEN_URL is set/);
    expectNoSecret(output);
  }, 30_000);

  it("a Telegram token refused: ✗ with what to do", async () => {
    const { code, lines, output } = await doctor({ TELEGRAM_BOT_TOKEN: "987654321:AAH-another-token-that-is-not-the-bots-01" });
    expect(code).toBe(1);
    expect(line(lines, "Telegram")).toMatch(/^✗ Telegram: the Bot API at TELEGRAM_API_ROOT \(127\.0\.0\.1:\d+\) refused TELEGRAM_BOT_TOKEN \(HTTP 401\): copy it again from @BotFather/);
    expect(output).not.toContain("987654321:AAH-another-token-that-is-not-the-bots-01");
  }, 30_000);
});

describe("npm run doctor in a pipe", () => {
  it("`npm run doctor | head -3` ends quietly: no broken-pipe stack trace, no npm error", async () => {
    // Telegram slow to answer: doctor is still writing when head has read its three lines and gone.
    telegram.delays.set("getMe", 1_000);
    try {
      const child = spawnGroup("sh", ["-c", "npm run doctor | head -3"], {
        cwd: REPO_ROOT,
        env: processEnv(baseEnv(telegram, sandbox)),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout?.on("data", (chunk) => (stdout += String(chunk)));
      child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
      const code = await new Promise((resolve) => child.once("close", resolve));
      expect(code).toBe(0);
      expect(stdout.split("\n").filter((text) => text !== "").length).toBeLessThanOrEqual(3);
      expect(stderr).toBe("");
    } finally {
      telegram.delays.delete("getMe");
    }
  }, 30_000);
});

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
