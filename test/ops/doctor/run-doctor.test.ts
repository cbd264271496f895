import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDoctor } from "../../../src/ops/doctor/run-doctor.ts";
import { startSandbox, type Sandbox } from "../../../src/payments/enquiry/sandbox/server.ts";
import { BOT_INFO, BOT_TOKEN } from "../../support/bot-harness.ts";
import { startFakeBotApi, type FakeBotApi } from "../../support/fake-bot-api.ts";
import { startLocalServer, type LocalServer } from "../../support/http-server.ts";

const CLIENT_SECRET = "doctor-client-secret-0123456789";
const STATIC_TOKEN = "doctor-static-token-abcdef";

let telegram: FakeBotApi;
let sandbox: Sandbox;
let refusing: LocalServer;
let dir: string;
beforeAll(async () => {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  sandbox = await startSandbox({ token: STATIC_TOKEN, tokenEndpoint: { clientId: "doctor-client", clientSecret: CLIENT_SECRET, lifetimeSeconds: 300 } });
  // A token endpoint that takes only another method.
  refusing = await startLocalServer((_, res) => void res.writeHead(405, { "content-type": "application/json", allow: "PUT" }).end('{"error":"method_not_allowed"}'));
  dir = mkdtempSync(join(tmpdir(), "doctor-unit-"));
});
afterAll(async () => {
  await telegram.close();
  await sandbox.close();
  await refusing.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every line doctor printed (in process), and its exit code. */
async function doctor(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runDoctor(
    {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ENQUIRY_BASE_URL: sandbox.url,
      ENQUIRY_TOKEN_URL: `${sandbox.url}/oauth/token`,
      ENQUIRY_CLIENT_ID: "doctor-client",
      ENQUIRY_CLIENT_SECRET: CLIENT_SECRET,
      ALLOWED_USER_IDS: "5001",
      STATE_DB: ":memory:",
      ...env,
    },
    { write: (line) => lines.push(line), timeoutMs: 5_000 },
  );
  printed.push(...lines);
  return { code, lines };
}
/** Every line of every run, for the rule that holds for all of them. */
const printed: string[] = [];
const line = (lines: string[], label: string) => lines.find((candidate) => candidate.slice(2).startsWith(`${label}:`)) ?? "";

describe("npm run doctor's advice follows the failure", () => {
  it("a token endpoint answering 404 (a wrong ENQUIRY_TOKEN_URL): points at ENQUIRY_TOKEN_URL and ENQUIRY_TOKEN_METHOD, not at the credentials", async () => {
    const { code, lines } = await doctor({ ENQUIRY_TOKEN_URL: `${sandbox.url}/oauth/wrong` });
    expect(code).toBe(1);
    const token = line(lines, "Service token");
    expect(token).toMatch(/^✗ Service token: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/wrong answered HTTP 404: no token endpoint there; check ENQUIRY_TOKEN_URL, and ENQUIRY_TOKEN_METHOD \(now POST\)$/);
    expect(token).not.toMatch(/ENQUIRY_CLIENT_ID|ENQUIRY_CLIENT_SECRET|ENQUIRY_HEADERS/);
  });

  it("a token endpoint answering 405 (another method wanted): points at ENQUIRY_TOKEN_METHOD and ENQUIRY_TOKEN_URL", async () => {
    const { lines } = await doctor({ ENQUIRY_TOKEN_URL: `${refusing.url}/token` });
    expect(line(lines, "Service token")).toMatch(/^✗ Service token: POST http:\/\/127\.0\.0\.1:\d+\/token answered HTTP 405: no token endpoint there; check ENQUIRY_TOKEN_URL, and ENQUIRY_TOKEN_METHOD \(now POST\)$/);
  });

  it("invalid_client: points at the client ID, the secret and ENQUIRY_TOKEN_AUTH", async () => {
    sandbox.tokenEndpoint?.setMode("refuse");
    try {
      const { lines } = await doctor({});
      const token = line(lines, "Service token");
      expect(token).toMatch(/^✗ Service token: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token refused the client's credentials \(HTTP 401 invalid_client\): check ENQUIRY_CLIENT_ID, ENQUIRY_CLIENT_SECRET, and ENQUIRY_TOKEN_AUTH \(now basic; body sends them in the form instead\)$/);
      expect(token).not.toMatch(/ENQUIRY_TOKEN_URL|ENQUIRY_TOKEN_METHOD/);
    } finally {
      sandbox.tokenEndpoint?.setMode("normal");
    }
  });

  it("a base URL written with /api/v1: gives the value to use instead", async () => {
    const { code, lines } = await doctor({ ENQUIRY_BASE_URL: `${sandbox.url}/api/v1/` });
    expect(code).toBe(0);
    expect(lines.join("\n")).toContain(`ENQUIRY_BASE_URL ends with /api/v1, which the bot adds itself: set ENQUIRY_BASE_URL=${sandbox.url} instead. It calls ${sandbox.url}/api/v1/collection/enquiry and ${sandbox.url}/api/v1/airtime/enquiry`);
  });
});

describe("npm run doctor with several mistakes", () => {
  it("keeps the advice on a base URL written with /api/v1 when another variable is wrong too, even one of the provider's own", async () => {
    for (const wrong of [{ ALLOWED_USER_IDS: "" }, { ENQUIRY_TIMEOUT_MS: "soon" }] as Record<string, string>[]) {
      const { code, lines } = await doctor({ ENQUIRY_BASE_URL: `${sandbox.url}/api/v1`, ...wrong });
      expect(code).toBe(1);
      expect(lines[0]).toBe("✗ Configuration: 1 problem: fix it in .env or the environment (see .env.example)");
      expect(lines.join("\n")).toContain(`ENQUIRY_BASE_URL ends with /api/v1, which the bot adds itself: set ENQUIRY_BASE_URL=${sandbox.url} instead.`);
    }
  });

  it("checks everything it still can and lists every problem: the configuration's, then each check's", async () => {
    const { code, lines } = await doctor({ TELEGRAM_BOT_TOKEN: "not-a-token", ALLOWED_USER_IDS: "", REDIS_URL: "redis://127.0.0.1:1", ENQUIRY_TOKEN_URL: `${sandbox.url}/oauth/wrong` });
    expect(code).toBe(1);
    expect(lines).toContain("✗ Configuration: 2 problems: fix them in .env or the environment (see .env.example)");
    expect(lines.join("\n")).toMatch(/- TELEGRAM_BOT_TOKEN must look like/);
    expect(lines.join("\n")).toMatch(/- ALLOWED_USER_IDS, ALLOWED_CHAT_IDS and ADMIN_USER_IDS are all empty/);
    // Telegram's own configuration is wrong: not checked. The rest is.
    expect(line(lines, "Telegram")).toBe("– Telegram: not checked: fix TELEGRAM_BOT_TOKEN above first");
    expect(line(lines, "State store")).toMatch(/^✗ State store: Redis does not answer/);
    expect(line(lines, "Service token")).toMatch(/^✗ Service token: .*answered HTTP 404/);
    expect(line(lines, "Collection enquiry")).toBe("– Collection enquiry: not tried: there is no service token to send, see above");
    expect(lines.at(-1)).toBe("4 problems: fix them, then run npm run doctor again.");
  });

  it("one problem: 'fix it', on both lines", async () => {
    const { code, lines } = await doctor({ ALLOWED_USER_IDS: "" });
    expect(code).toBe(1);
    expect(lines).toContain("✗ Configuration: 1 problem: fix it in .env or the environment (see .env.example)");
    expect(line(lines, "Telegram")).toMatch(/^✓/);
    expect(line(lines, "Airtime enquiry")).toMatch(/^✓/);
    expect(lines.at(-1)).toBe("1 problem: fix it, then run npm run doctor again.");
  });
});

describe("npm run doctor and the state file", () => {
  it("a STATE_DB whose folder does not exist: says it will be created, and makes nothing", async () => {
    const folder = join(dir, "not", "yet");
    const { code, lines } = await doctor({ STATE_DB: join(folder, "bot.db") });
    expect(code).toBe(0);
    expect(line(lines, "State store")).toBe(`✓ State store: SQLite file ${join(folder, "bot.db")} will be created, with its folder ${folder}, when the bot starts: ${dir} is writable`);
    expect(existsSync(join(dir, "not"))).toBe(false);
  });

  it("a STATE_DB whose folder cannot be made (a file stands in its way): ✗, naming it", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    const { code, lines } = await doctor({ STATE_DB: join(file, "state", "bot.db") });
    expect(code).toBe(1);
    expect(line(lines, "State store")).toBe(`✗ State store: SQLite file ${join(file, "state", "bot.db")} cannot be created: ${file} is a file, not a folder; check STATE_DB`);
  });
});

describe("every line npm run doctor printed above", () => {
  it("has no bracket inside another", () => {
    expect(printed.length).toBeGreaterThan(30);
    const nested = printed.filter((text) => {
      let depth = 0;
      for (const char of text) {
        if (char === "(" && ++depth > 1) return true;
        if (char === ")") depth = Math.max(0, depth - 1);
      }
      return false;
    });
    expect(nested).toEqual([]);
  });
});
