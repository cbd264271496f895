import { ReplyError } from "ioredis";
import { describe, expect, it } from "vitest";
import { replicaWait, type ReplicationChange } from "../../src/state/redis/replication.ts";

type Connection = Parameters<typeof replicaWait>[0]["connection"];
// ioredis types its ReplyError loosely; it is an Error, as Redis's refusals arrive.
const RedisReplyError = ReplyError as unknown as new (message: string) => Error;
const refusal = (command: string): Error => new RedisReplyError(`NOPERM User bot has no permissions to run the '${command}' command`);

describe("waiting for a replica, when Redis refuses the commands to the bot's user", () => {
  it("ROLE refused (an ACL of -@dangerous): durable writes go on without waiting, said once, never an error", async () => {
    const changes: ReplicationChange[] = [];
    let waits = 0;
    const connection = { role: () => Promise.reject(refusal("role")), wait: () => Promise.resolve(++waits) } as unknown as Connection;
    const replication = replicaWait({ connection, timeoutMs: 100, onChange: (change) => changes.push(change) });
    for (let n = 0; n < 5; n++) await expect(replication.confirm()).resolves.toBeUndefined();
    expect(waits).toBe(0);
    expect(changes).toEqual([{ status: "not_counted", reason: "NOPERM User bot has no permissions to run the 'role' command" }]);
  });

  it("WAIT refused: the same, once", async () => {
    const changes: ReplicationChange[] = [];
    const connection = { role: () => Promise.resolve(["master", 10, [["10.0.0.2", "6379", "10"]]]), wait: () => Promise.reject(refusal("wait")) } as unknown as Connection;
    const replication = replicaWait({ connection, timeoutMs: 100, onChange: (change) => changes.push(change) });
    for (let n = 0; n < 3; n++) await expect(replication.confirm()).resolves.toBeUndefined();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ status: "not_counted" });
  });

  it("the connection failing is still an error: the write may be lost with the master", async () => {
    const connection = { role: () => Promise.reject(new Error("Connection is closed.")), wait: () => Promise.resolve(1) } as unknown as Connection;
    await expect(replicaWait({ connection, timeoutMs: 100 }).confirm()).rejects.toThrow("Connection is closed.");
  });
});
