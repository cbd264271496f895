/** How many bytes one history entry takes in each store (docs/deploying.md): `node --import tsx bench/measure-journal.ts` (Redis at 127.0.0.1:6379). */
import { mkdtempSync, statSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore } from "../src/state/sqlite/sqlite-store.ts";
import { openRedisStore } from "../src/state/redis/redis-store.ts";
import { encodeEntry, saidOf } from "../src/payments/history/entry.ts";
const N = 20_000;
const entry = (i: number) => ({ at: 1_795_000_000_000 + i * 1000, event: "answer" as const, kind: "collection" as const, transactionId: `TX-${100000 + (i % 5000)}`,
  said: saidOf({ kind: "collection", transactionId: "x", checkedAt: new Date(), type: "found", serviceTransactionId: "3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90", transaction: { status: i % 3 ? "PENDING" : "SUCCESS", message: undefined, mnoTransactionId: "MP241122.1530.K71625" } }),
  who: { id: 500000000 + (i % 200), name: "Amani Wanjiru" }, where: { chatId: 500000000 + (i % 200), title: "private" }, how: "command" as const });
const dir = mkdtempSync(join(tmpdir(), "measure-"));
const file = join(dir, "bot.db");
const store = openSqliteStore({ path: file, sweepIntervalMs: 0 });
await store.journal.append({ ...{ at: 0, payment: "p", person: "1", status: "X", onlyIfChanged: false, data: "{}", retentionMs: 1e12 } });
await new Promise((r) => setImmediate(r));
await store.close();
const before = statSync(file).size;
const again = openSqliteStore({ path: file, sweepIntervalMs: 0 });
let dataBytes = 0;
for (let i = 0; i < N; i++) { const e = entry(i); const data = encodeEntry(e); dataBytes += data.length; await again.journal.append({ at: e.at, payment: `collection:${e.transactionId}`, person: String(e.who.id), status: e.said.type === "found" ? e.said.status : undefined, onlyIfChanged: false, data, retentionMs: 1e12 }); }
await again.close();
const sqlitePer = (statSync(file).size - before) / N;
rmSync(dir, { recursive: true, force: true });
const redis = await openRedisStore({ url: "redis://127.0.0.1:6379", prefix: "psb-measure:" });
const used = async () => Number(/used_memory:(\d+)/.exec(await redis.client.info("memory"))?.[1]);
const m0 = await used();
for (let i = 0; i < N; i++) { const e = entry(i); await redis.journal.append({ at: e.at, payment: `collection:${e.transactionId}`, person: String(e.who.id), status: e.said.type === "found" ? e.said.status : undefined, onlyIfChanged: false, data: encodeEntry(e), retentionMs: 1e12 }); }
const redisPer = ((await used()) - m0) / N;
let cursor = "0"; do { const [next, keys] = await redis.client.scan(cursor, "MATCH", "psb-measure:*", "COUNT", 1000); cursor = next; if (keys.length) await redis.client.unlink(...keys); } while (cursor !== "0");
await redis.close();
console.log(JSON.stringify({ entries: N, jsonBytesPerEntry: Math.round(dataBytes / N), sqliteBytesPerEntry: Math.round(sqlitePer), redisBytesPerEntry: Math.round(redisPer) }));
