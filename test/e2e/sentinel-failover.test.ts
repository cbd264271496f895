import type { Update } from "grammy/types";
import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, webhookDeliverers, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { info, probeRedisServer, startSentinelTopology, waitUntil, type RedisNode } from "../support/redis-topology.ts";

const available = probeRedisServer("Redis Sentinel failover end-to-end test");
const SERVICE_TOKEN = "service-token-failover-e2e-0123";
const SECRET = "webhook_secret-failover-e2e-0123456789";
const PASSWORD = "data-pa55word-failover-e2e";
const SENTINEL_PASSWORD = "sentinel-pa55word-failover-e2e";
const DB = 2;
const PREFIX = "psb-failover:";
const ADMIN = { id: 7001, is_bot: false, first_name: "Kofi", language_code: "en" };
const AGENT = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
const GRANTED = { id: 6002, is_bot: false, first_name: "Yaw", language_code: "en" };
/** What the bot writes with: a client connection running one of these on a replica, or on a master it should have left, is a write it must not make. */
const WRITES = new Set(["evalsha", "eval", "set", "del", "unlink", "hset", "hdel", "zadd", "zrem", "sadd", "srem", "pexpire", "pfadd", "incrby", "multi"]);

let nextId = 1;
const command = (from: typeof AGENT, text: string): Update =>
  ({
    update_id: nextId++,
    message: { message_id: nextId, date: 1, chat: { id: from.id, type: "private", first_name: from.first_name }, from, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
  });
const repliesTo = (update: Update) => (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === update.message?.message_id);

interface Delivery {
  update: Update;
  instance: number;
  deliveredAt: number;
  answeredAt: number;
  status: number;
}

describe.skipIf(!available)("a Redis failover under two webhook instances on Sentinel", () => {
  it("answers every update once while the master is killed, keeps grants and watches, moves both instances to the new master within 5 s, and leaves the old one alone when it returns as a replica", async () => {
    const [topology, telegram, sandbox] = await Promise.all([
      startSentinelTopology({ replicas: 1, sentinels: 3, quorum: 2, downAfterMs: 1_000, failoverTimeoutMs: 3_000, password: PASSWORD, sentinelPassword: SENTINEL_PASSWORD }),
      startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO }),
      startTestSandbox({ token: SERVICE_TOKEN }),
    ]);
    const bots: BotProcess[] = [];
    const clients: Redis[] = [];
    let streaming = true;
    let stream: Promise<void> | undefined;
    const connect = (node: RedisNode) => {
      const client = node.connect();
      clients.push(client);
      return client;
    };
    try {
      for (let i = 0; i < 2; i++) {
        bots.push(
          startBotProcess(
            baseEnv(telegram, sandbox, {
              ENQUIRY_TIMEOUT_MS: "1500",
              ENQUIRY_TOTAL_TIMEOUT_MS: "1500",
              ALLOWED_USER_IDS: String(AGENT.id),
              // Updates come fast here: a whole minute's worth of them in a few seconds.
              RATE_LIMIT_MAX: "100000",
              ADMIN_USER_IDS: String(ADMIN.id),
              BOT_MODE: "webhook",
              HTTP_PORT: "0",
              WEBHOOK_URL: "https://bot.example.com/hook",
              WEBHOOK_SECRET: SECRET,
              REDIS_SENTINELS: topology.sentinelList,
              REDIS_SENTINEL_NAME: topology.name,
              REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
              REDIS_PASSWORD: PASSWORD,
              REDIS_DB: String(DB),
              REDIS_PREFIX: PREFIX,
            }),
            startScriptCommand(),
          ),
        );
      }
      const deliverTo = await webhookDeliverers(bots, SECRET);
      const readiness = async (instance: number) => {
        const port = String(bots[instance]?.logs().find((entry) => entry.msg === "http server listening")?.port);
        return (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { status?: string; state?: string };
      };
      const deliveries: Delivery[] = [];
      /** Delivers as Telegram does: again (through the load balancer, to the other instance) until acknowledged. */
      const deliver = async (instance: number, update: Update): Promise<Delivery> => {
        for (let attempt = 0; attempt < 50; attempt++) {
          const at = instance + attempt;
          const deliveredAt = Date.now();
          const status = (await deliverTo[at % 2]?.(update)) ?? 0;
          const delivery = { update, instance: at % 2, deliveredAt, answeredAt: Date.now(), status };
          deliveries.push(delivery);
          if (status === 200) return delivery;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`update ${update.update_id} refused 50 times`);
      };
      const ask = async (instance: number, from: typeof AGENT, text: string) => {
        const update = command(from, text);
        await deliver(instance, update);
        return String((await telegram.waitFor((calls) => repliesTo(update)(calls)[0]))?.payload.text);
      };

      // Made before the failover: a grant and a watch.
      expect(await ask(0, ADMIN, `/allow ${GRANTED.id}`)).toBe(`✅ User ${GRANTED.id} may now use the bot.`);
      expect(await ask(1, AGENT, "/watch COL-PENDING-FAILOVER")).toMatch(/🔔 I'll message you here when it settles/);

      // Every sentinel announces the new master once it has switched to it.
      const switched = new Map<number, { at: number; port: number }>();
      for (const sentinel of topology.sentinels) {
        const listener = connect(sentinel);
        await listener.subscribe("+switch-master");
        listener.on("message", (_channel: string, message: string) => switched.set(sentinel.port, { at: Date.now(), port: Number(message.split(" ")[4]) }));
      }

      // Updates keep arriving, to each instance in turn, through the failover and the old master's return.
      stream = (async () => {
        const inFlight: Promise<Delivery>[] = [];
        for (let i = 0; streaming; i++) {
          inFlight.push(deliver(i % 2, command(AGENT, `/collection COL-SUCCESS-F${i}`)));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await Promise.all(inFlight);
      })();
      // The stream is flowing: both instances have answered some of it.
      await telegram.waitFor(() => new Set(deliveries.filter((delivery) => delivery.status === 200).map((delivery) => delivery.instance)).size === 2);

      const oldMaster = topology.master;
      await oldMaster.stop("SIGKILL");
      // Meanwhile each answers from memory, ready but degraded.
      await Promise.all([0, 1].map((instance) => waitUntil(async () => (await readiness(instance)).state === "degraded", `instance ${instance} to say it is degraded`, () => "", 5_000)));
      expect(await readiness(0)).toMatchObject({ status: "ready" });
      await waitUntil(async () => switched.size === topology.sentinels.length, "every sentinel to switch to the promoted replica", () => topology.sentinels.map((sentinel) => sentinel.log()).join("\n"), 20_000);
      const promotedAt = Math.min(...[...switched.values()].map((entry) => entry.at));
      const newPort = [...switched.values()][0]?.port ?? 0;
      expect(new Set([...switched.values()].map((entry) => entry.port))).toEqual(new Set([topology.replicas[0]?.port]));
      const newMaster = connect(topology.node(newPort));
      await newMaster.select(DB);

      // Back, empty, where it was, as a master in its own eyes until the sentinels make it a replica: watched from its first command on.
      oldMaster.start();
      await waitUntil(async () => (await info(oldMaster, "server")).includes("redis_version"), "the old master to start again", () => oldMaster.log());
      const executed: { source: string; name: string }[] = [];
      // Until the sentinels make it a replica (and drop its clients, this one too): then a write is refused, and counted as such.
      const monitor = await connect(oldMaster).monitor();
      clients.push(monitor);
      monitor.on("error", () => undefined);
      monitor.on("monitor", (_time: string, args: string[], source: string) => executed.push({ source, name: String(args[0]).toLowerCase() }));

      /** When each instance first wrote to the new master after the promotion: the claim of an update delivered to it (answered by then). */
      const firstWriteAfter = async (instance: number) => {
        for (const delivery of deliveries.filter((each) => each.instance === instance && each.status === 200 && each.deliveredAt >= promotedAt)) {
          if ((await newMaster.exists(`${PREFIX}claim:update:${delivery.update.update_id}`)) === 1) return delivery.answeredAt;
        }
        return undefined;
      };
      await waitUntil(async () => (await firstWriteAfter(0)) !== undefined && (await firstWriteAfter(1)) !== undefined, "both instances to write to the new master", () => "", 10_000);
      for (const instance of [0, 1]) expect(((await firstWriteAfter(instance)) ?? Infinity) - promotedAt, `instance ${instance}`).toBeLessThan(5_000);

      await waitUntil(
        async () => /role:slave/.test(await info(oldMaster, "replication")) && (await info(oldMaster, "replication")).includes(`master_port:${newPort}`) && (await info(oldMaster, "replication")).includes("master_link_status:up"),
        "the sentinels to turn the old master into a replica of the new one",
        () => [oldMaster, ...topology.sentinels].map((node) => node.log().slice(-1_500)).join("\n"),
        20_000,
      );
      streaming = false;
      await stream;

      // Every update answered, once.
      const updates = new Map(deliveries.map((delivery) => [delivery.update.update_id, delivery.update]));
      const unanswered = (calls: RecordedCall[]) => [...updates.values()].filter((update) => repliesTo(update)(calls).length === 0).map((update) => update.message?.text);
      // Waited for; on failure, the check below names what is missing.
      await telegram.waitFor((calls) => unanswered(calls).length === 0, 10_000).catch(() => undefined);
      expect(unanswered(telegram.calls)).toEqual([]);
      // An update is acknowledged once handled, or after 5 s while still handled: a second reply would come late, and
      // nothing marks that none will. A moment is left for one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const update of updates.values()) {
        const replies = repliesTo(update)(telegram.calls);
        expect(replies, update.message?.text).toHaveLength(1);
      }
      const collections = [...updates.values()].filter((update) => update.message?.text?.startsWith("/collection"));
      expect(collections.length).toBeGreaterThan(20);
      expect(collections.every((update) => String(repliesTo(update)(telegram.calls)[0]?.payload.text).startsWith("✅"))).toBe(true);

      // The grant and the watch are on the new master, and on the old one now that it copies it.
      expect(await newMaster.hget(`${PREFIX}record:access-grants`, `user:${GRANTED.id}`)).toEqual(expect.any(String));
      expect(await newMaster.exists(`${PREFIX}watch:collection:COL-PENDING-FAILOVER`)).toBe(1);
      expect(await ask(1, GRANTED, "/collection COL-SUCCESS-GRANTED")).toMatch(/^✅/);
      expect(await ask(0, AGENT, "/watches")).toMatch(/^Payments I watch for you here \(1\)[\s\S]*COL-PENDING-FAILOVER/);
      const oldClient = connect(oldMaster);
      await oldClient.select(DB);
      expect(await oldClient.hget(`${PREFIX}record:access-grants`, `user:${GRANTED.id}`)).toEqual(expect.any(String));

      // Nothing written to the old master but what it copies from the new one: no write from a client while it was a master
      // again, none tried since it is a replica; and no script run at all (scripts are copied as their writes).
      expect(executed.filter((each) => each.source !== `127.0.0.1:${newPort}` && WRITES.has(each.name))).toEqual([]);
      const stats = await info(oldMaster, "commandstats");
      expect(stats).not.toMatch(/cmdstat_eval/);
      const refused = stats.split("\n").filter((line) => WRITES.has(/^cmdstat_(\w+):/.exec(line)?.[1] ?? "") && !/rejected_calls=0,failed_calls=0/.test(line));
      expect(refused).toEqual([]);

      expect(await Promise.all([0, 1].map(readiness))).toEqual([expect.objectContaining({ state: "ok" }), expect.objectContaining({ state: "ok" })]);
      // Said once each way in each instance's log; no false alarm of an emptied store; no password anywhere.
      for (const bot of bots) {
        const messages = bot.logs().map((entry) => String(entry.msg));
        expect(messages.filter((msg) => msg.startsWith("shared state store unreachable"))).toHaveLength(1);
        expect(messages.filter((msg) => msg === "shared state store reachable again")).toHaveLength(1);
        expect(messages.filter((msg) => msg.includes("was emptied"))).toEqual([]);
        const output = bot.stdout.join("\n") + bot.stderr.join("");
        expect(output).not.toContain(PASSWORD);
        expect(output).not.toContain(SENTINEL_PASSWORD);
      }
    } finally {
      streaming = false;
      // Failed already: what the deliveries still say adds nothing.
      await stream?.catch(() => undefined);
      for (const client of clients) client.disconnect();
      await Promise.all(bots.map((bot) => bot.stop("SIGKILL")));
      await Promise.all([telegram.close(), sandbox.close(), topology.stop()]);
    }
  }, 60_000);
});
