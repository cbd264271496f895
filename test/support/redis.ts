import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

/** REDIS_URL when the environment sets it, else the local one the project's machines run. */
export const TEST_REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

export type RedisAvailability = { available: true; url: string } | { available: false; reason: string };

/**
 * Whether tests about Redis can run here. In CI (CI=true) Redis is required, so its absence fails
 * the run loudly; elsewhere those tests are skipped, with one visible line saying why.
 */
export async function probeRedis(): Promise<RedisAvailability> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { available: true, url: TEST_REDIS_URL };
  } catch (error) {
    const reason = `Redis at ${TEST_REDIS_URL.replace(/\/\/[^@]*@/, "//")} does not answer (${error instanceof Error ? error.message : "unknown error"})`;
    if (process.env.CI === "true") throw new Error(`${reason}: Redis is required in CI (CI=true)`, { cause: error });
    process.stderr.write(`SKIPPED Redis tests: ${reason}. Start Redis, or set REDIS_URL, to run them.\n`);
    return { available: false, reason };
  } finally {
    client.disconnect();
  }
}

/** A key prefix of the test's own, so tests never see each other's keys (or a real bot's). */
export function testPrefix(name: string): string {
  return `psb-test:${name}:${randomBytes(4).toString("hex")}:`;
}

/** Deletes every key under a test's prefix. */
export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

/** Every key under a prefix, with its remaining time to live (ms; -1 for none). */
export async function keysWithTtl(url: string, prefix: string): Promise<Map<string, number>> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  const found = new Map<string, number>();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      for (const key of keys) found.set(key, await client.pttl(key));
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
  return found;
}

/** How many keys there are under a prefix. */
export async function countKeys(url: string, prefix: string): Promise<number> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  let count = 0;
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 5000);
      cursor = next;
      count += keys.length;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
  return count;
}
