import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, NOWHERE } from "../support/bot-env.ts";
import { REPO_ROOT, startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { probeRedisServer, startSentinelTopology, type SentinelTopology } from "../support/redis-topology.ts";

const available = probeRedisServer("REDIS_URL at a replica tests");
const SERVICE_TOKEN = "service-token-redis-replica-0123";
const PASSWORD = "data-pa55word-replica-url";

// A master and its replica; REDIS_URL names the replica (an easy mistake: both answer PING).
let topology: SentinelTopology;
beforeAll(async () => {
  if (!available) return;
  topology = await startSentinelTopology({ replicas: 1, sentinels: 0, password: PASSWORD });
}, 30_000);
afterAll(async () => {
  await topology?.stop();
});

let running: BotProcess | undefined;
afterEach(async () => {
  await running?.stop("SIGKILL");
  running = undefined;
});

const replicaEnv = () => baseEnv(undefined, { url: NOWHERE, token: SERVICE_TOKEN }, { REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${topology.replicas[0]?.port}/0` });
const SENTENCE = () => `REDIS_URL names 127.0.0.1:${topology.replicas[0]?.port}, which is a replica: point REDIS_URL at the master, or use REDIS_SENTINELS`;

describe.skipIf(!available)("REDIS_URL naming a read-only replica", () => {
  it("npm run doctor: ✗ State store, saying it is a replica and what to do, exit 1, no password", async () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: { doctor: string } };
    running = startBotProcess(replicaEnv(), pkg.scripts.doctor.split(" "));
    const code = await running.exited;
    const store = running.stdout.find((line) => line.startsWith("✗ State store:") || line.startsWith("✓ State store:"));
    expect(code).toBe(1);
    expect(store).toBe(`✗ State store: ${SENTENCE()}`);
    expect(running.stdout.join("\n") + running.stderr.join("")).not.toContain(PASSWORD);
  }, 30_000);

  it("npm start: exits 1 with that sentence, in one line, and no warning before it", async () => {
    running = startBotProcess(replicaEnv(), startScriptCommand());
    const code = await running.exited;
    expect(code).toBe(1);
    const fatal = running.logs().filter((entry) => entry.level === "fatal");
    expect(fatal).toEqual([expect.objectContaining({ msg: "the bot cannot start", reason: SENTENCE() })]);
    expect(running.logs().filter((entry) => entry.level === "warn" || entry.level === "error")).toEqual([]);
    const output = running.stdout.join("\n") + running.stderr.join("");
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(SERVICE_TOKEN);
  }, 30_000);
});
