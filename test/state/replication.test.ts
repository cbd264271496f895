import { ReplyError } from "ioredis";
import { describe, expect, it } from "vitest";
import { durableWrites, type ReplicationChange } from "../../src/state/redis/replication.ts";

type Connection = Parameters<typeof durableWrites>[0]["main"];
// ioredis types its ReplyError loosely; it is an Error, as Redis's refusals arrive.
const RedisReplyError = ReplyError as unknown as new (message: string) => Error;
const refusal = (command: string): Error => new RedisReplyError(`NOPERM User bot has no permissions to run the '${command}' command`);

/** A connection as Redis's refusals and failures reach the bot: ROLE and WAIT as given, always connected. */
const connection = (role: () => Promise<unknown>, wait: () => Promise<number>): Connection => ({ status: "ready", role, wait }) as unknown as Connection;
const writes = (main: Connection, changes: ReplicationChange[]) =>
  durableWrites({ main, first: main, connect: () => Promise.reject(new Error("no more")), timeoutMs: 100, onChange: (change) => changes.push(change) });
const write = () => Promise.resolve("written");

describe("waiting for a replica, when Redis refuses the commands to the bot's user", () => {
  it("ROLE refused (an ACL of -@dangerous): durable writes go on without waiting, said once, never an error", async () => {
    const changes: ReplicationChange[] = [];
    let waits = 0;
    const replication = writes(
      connection(
        () => Promise.reject(refusal("role")),
        () => Promise.resolve(++waits),
      ),
      changes,
    );
    for (let n = 0; n < 5; n++) await expect(replication.run(write)).resolves.toBe("written");
    expect(waits).toBe(0);
    expect(changes).toEqual([{ status: "not_counted", reason: "NOPERM User bot has no permissions to run the 'role' command" }]);
  });

  it("WAIT refused: the same, once, and not sent again", async () => {
    const changes: ReplicationChange[] = [];
    let waits = 0;
    const replication = writes(
      connection(
        () => Promise.resolve(["master", 10, [["10.0.0.2", "6379", "10"]]]),
        () => (waits++, Promise.reject(refusal("wait"))),
      ),
      changes,
    );
    for (let n = 0; n < 3; n++) await expect(replication.run(write)).resolves.toBe("written");
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ status: "not_counted" });
    expect(waits).toBe(1);
  });

  it("the connection failing is still an error: the write may be lost with the master", async () => {
    const replication = writes(
      connection(
        () => Promise.reject(new Error("Connection is closed.")),
        () => Promise.resolve(1),
      ),
      [],
    );
    await expect(replication.run(write)).rejects.toThrow("Connection is closed.");
  });
});

type Held = Connection & { set: (value: string) => Promise<string> };

/** A connection whose WAITs answer when the test says: what it was sent, in order. */
function heldConnection(name: string): { connection: Held; sent: string[]; waits: ((acknowledged: number) => void)[] } {
  const sent: string[] = [];
  const waits: ((acknowledged: number) => void)[] = [];
  const connection = {
    status: "ready",
    role: () => Promise.resolve(["master", 10, [["10.0.0.2", "6379", "10"]]]),
    wait: () => {
      sent.push("WAIT");
      return new Promise<number>((resolve) => waits.push(resolve));
    },
    /** A write Redis answers at once. */
    set: (value: string) => {
      sent.push(`SET ${value}`);
      return Promise.resolve(`${name}:${value}`);
    },
  };
  return { connection: connection as unknown as Held, sent, waits };
}

describe("writes that wait for a replica, together", () => {
  /** Every answer given so far handled: what the code does next is sent. */
  const handled = async () => {
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  };
  const set = (value: string) => (writer: Held) => writer.set(value);

  it("writes sent together share one WAIT; one made while it waits goes to another connection, never behind it", async () => {
    const main = heldConnection("main");
    const first = heldConnection("first");
    const second = heldConnection("second");
    let made = 0;
    const replication = durableWrites<Held>({ main: main.connection, first: first.connection, connect: () => (made++, Promise.resolve(second.connection)), timeoutMs: 1_000 });
    const together = ["a", "b", "c", "d"].map((value) => replication.run(set(value)));
    await handled();
    expect(first.sent).toEqual(["SET a", "SET b", "SET c", "SET d", "WAIT"]);

    // The first connection waits: a write now goes to a second one, with a WAIT of its own.
    const later = replication.run(set("e"));
    await handled();
    expect(made).toBe(1);
    expect(second.sent).toEqual(["SET e", "WAIT"]);
    expect(first.sent).toHaveLength(5);
    second.waits[0]?.(1);
    await expect(later).resolves.toBe("second:e");
    let firstDone = false;
    void Promise.all(together).then(() => (firstDone = true));
    await handled();
    expect(firstDone).toBe(false);
    first.waits[0]?.(1);
    await expect(Promise.all(together)).resolves.toEqual(["first:a", "first:b", "first:c", "first:d"]);
    // Both idle again: the next write takes the first, and no connection is made.
    const next = replication.run(set("f"));
    await handled();
    expect(first.sent.at(-2)).toBe("SET f");
    first.waits[1]?.(1);
    await expect(next).resolves.toBe("first:f");
    expect(made).toBe(1);
    expect(main.sent).toEqual([]);
  });

  it("a WAIT that times out is told once, and each write it covered counted; every one stands", async () => {
    const changes: ReplicationChange[] = [];
    let unacknowledged = 0;
    const main = heldConnection("main");
    const first = heldConnection("first");
    const replication = durableWrites<Held>({ main: main.connection, first: first.connection, connect: () => Promise.reject(new Error("no more")), timeoutMs: 1_000, onChange: (change) => changes.push(change), onUnacknowledged: (writes) => (unacknowledged += writes) });
    const both = Promise.all(["a", "b"].map((value) => replication.run(set(value))));
    await handled();
    first.waits[0]?.(0);
    await expect(both).resolves.toEqual(["first:a", "first:b"]);
    const again = replication.run(set("c"));
    await handled();
    first.waits[1]?.(0);
    await expect(again).resolves.toBe("first:c");
    expect(changes).toEqual([{ status: "lagging", reason: "no replica acknowledged a durable write within 1000 ms" }]);
    expect(unacknowledged).toBe(3);
  });

  it("with every connection waiting, a write goes on through the main connection, not waited for, and that is told", async () => {
    const changes: ReplicationChange[] = [];
    const main = heldConnection("main");
    const first = heldConnection("first");
    const second = heldConnection("second");
    const replication = durableWrites<Held>({ main: main.connection, first: first.connection, connect: () => Promise.resolve(second.connection), maxConnections: 2, timeoutMs: 1_000, onChange: (change) => changes.push(change) });
    const one = replication.run(set("a"));
    await handled();
    const two = replication.run(set("b"));
    await handled();
    await expect(replication.run(set("c"))).resolves.toBe("main:c");
    expect(main.sent).toEqual(["SET c"]);
    expect(changes).toEqual([{ status: "lagging", reason: "every connection for durable writes was waiting for a replica (2): a write went on without waiting" }]);
    first.waits[0]?.(1);
    second.waits[0]?.(1);
    await expect(Promise.all([one, two])).resolves.toEqual(["first:a", "second:b"]);
    expect(changes.at(-1)).toEqual({ status: "ok" });
  });

  it("the connection for durable writes reconnecting: a write goes on through the main connection, not waited for, and that is told", async () => {
    const changes: ReplicationChange[] = [];
    const main = heldConnection("main");
    const first = heldConnection("first");
    (first.connection as { status: string }).status = "reconnecting";
    let made = 0;
    const replication = durableWrites<Held>({ main: main.connection, first: first.connection, connect: () => (made++, Promise.resolve(first.connection)), timeoutMs: 1_000, onChange: (change) => changes.push(change) });
    await expect(replication.run(set("a"))).resolves.toBe("main:a");
    expect(made).toBe(0);
    expect(changes).toEqual([{ status: "lagging", reason: "no connection for durable writes was ready: a write went on without waiting for a replica" }]);
  });

  it("a write that wrote nothing (a compare-and-set that lost) waits for nothing", async () => {
    const first = heldConnection("first");
    const replication = durableWrites<Held>({ main: first.connection, first: first.connection, connect: () => Promise.reject(new Error("no more")), timeoutMs: 1_000 });
    await expect(replication.run(set("a"), () => false)).resolves.toBe("first:a");
    expect(first.sent).toEqual(["SET a"]);
  });
});
