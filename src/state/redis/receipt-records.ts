import type { ReceiptRecords } from "../receipt-records.ts";
import type { Scripted } from "./scripts.ts";

/** How the Redis store runs a call: every failure an outage, and a durable write waiting for a replica. */
export interface RedisCalls {
  client: Scripted;
  key: (name: string) => string;
  run: <T>(command: () => Promise<T>) => Promise<T>;
  durably: <T>(write: (connection: Scripted) => Promise<T>, wrote?: (result: T) => boolean) => Promise<T>;
}

/** Replaces a receipt's value only while it is the one read, keeping its expiry: 1 when written. */
const REPLACE_IF = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
redis.call("SET", KEYS[1], ARGV[2], "KEEPTTL")
return 1`;

/** A value written concurrently this many times in a row is a bug, not contention. */
const MAX_UPDATE_ATTEMPTS = 50;

/**
 * Receipts as keys of their own (`receipt:<hash>`), each expiring at its own time (PXAT), and the
 * counter of their numbers (no expiry: a number is never handed out again). Every write goes
 * through the durable connections: it waits for a replica, as the records' writes do, so that a
 * receipt made just before a failover is still genuine after it.
 */
export function redisReceiptRecords({ client, key, run, durably }: RedisCalls): ReceiptRecords {
  const receiptKey = (hash: string) => key(`receipt:${hash}`);
  return {
    nextNumber: () => durably((writer) => writer.incr(key("receipt-counter"))),
    add: (hash, value, expiresAt) =>
      durably(
        async (writer) => (await writer.set(receiptKey(hash), value, "PXAT", Math.max(1, Math.floor(expiresAt)), "NX")) === "OK",
        (written) => written,
      ),
    get: (hash) => run(async () => (await client.get(receiptKey(hash))) ?? undefined),
    update: async (hash, change) => {
      for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
        const current = await run(async () => (await client.get(receiptKey(hash))) ?? undefined);
        if (current === undefined) return undefined;
        const next = change(current);
        if (next === current) return next;
        const written = await durably(async (writer) => Number(await writer.eval(REPLACE_IF, 1, receiptKey(hash), current, next)), (result) => result === 1);
        if (written === 1) return next;
      }
      throw new Error(`receipts.update: ${hash} kept changing under ${MAX_UPDATE_ATTEMPTS} attempts`);
    },
  };
}
