import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { isGroupAlive, signalGroup, spawnGroup } from "./child-processes.ts";

/**
 * Whether `redis-server` can be run here, to start a Redis of a test's own (a master, replicas,
 * sentinels). In CI (CI=true) it is required; elsewhere its absence skips, with one line saying why.
 */
export function probeRedisServer(what: string): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    if (process.env.CI === "true") throw new Error(`${what}: redis-server is required in CI (CI=true)`, { cause: error });
    process.stderr.write(`SKIPPED ${what}: no redis-server binary here to start a master, replicas and sentinels of the test's own.\n`);
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** One redis-server (data or sentinel) on 127.0.0.1, in a process group of its own. */
export interface RedisNode {
  readonly port: number;
  /** Its process (group), while it was started. */
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Starts it (again), as it was first started: a master restarted this way comes back as a master, empty. */
  start(): void;
  /** Stops the whole group and waits until it is gone; SIGKILL is a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** A client of its own (with the password), the caller's to disconnect. */
  connect(): Redis;
  /** Its log, for a failure's message. */
  log(): string;
}

export interface SentinelTopology {
  readonly name: string;
  readonly master: RedisNode;
  readonly replicas: readonly RedisNode[];
  readonly sentinels: readonly RedisNode[];
  readonly password: string | undefined;
  readonly sentinelPassword: string | undefined;
  /** REDIS_SENTINELS for this topology. */
  readonly sentinelList: string;
  /** The data node on that port. */
  node(port: number): RedisNode;
  /** The master's port, as a sentinel says now. */
  masterPort(sentinel?: RedisNode): Promise<number>;
  /** Stops every process it started, whatever state they are in, and removes its folder. */
  stop(): Promise<void>;
}

export interface TopologyOptions {
  replicas?: number;
  sentinels?: number;
  quorum?: number;
  /** How long the master must not answer before a sentinel holds it for down. */
  downAfterMs?: number;
  failoverTimeoutMs?: number;
  password?: string;
  sentinelPassword?: string;
}

const NAME = "mymaster";

/**
 * A master, its replicas and sentinels watching them, as production runs them (without persistence:
 * a master restarted comes back empty). Returns once the replicas are in sync and every sentinel
 * knows the replicas and the other sentinels: from then on, a failover can happen.
 */
export async function startSentinelTopology(options: TopologyOptions = {}): Promise<SentinelTopology> {
  const { replicas: replicaCount = 1, sentinels: sentinelCount = 3, quorum = Math.floor(sentinelCount / 2) + 1, downAfterMs = 1_000, failoverTimeoutMs = 3_000, password, sentinelPassword } = options;
  const dir = mkdtempSync(join(tmpdir(), "redis-topology-"));
  const nodes: RedisNode[] = [];
  const auth = (secret: string | undefined) => (secret === undefined ? [] : ["--requirepass", secret, "--masterauth", secret]);

  const node = (port: number, args: () => string[], secret: string | undefined): RedisNode => {
    const created = redisNode(dir, port, args, secret);
    nodes.push(created);
    return created;
  };

  const dataArgs = (port: number, replicaOf?: number) => () => [
    // A file of its own: a replica writes the copy it receives, which a master restarted must not load.
    "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--dbfilename", `${port}.rdb`,
    // At once: a replica's first copy otherwise waits 5 s for others to join it.
    "--repl-diskless-sync-delay", "0",
    ...auth(password),
    ...(replicaOf === undefined ? [] : ["--replicaof", "127.0.0.1", String(replicaOf)]),
  ];

  const stopAll = async () => {
    await Promise.all(nodes.map((each) => each.stop("SIGKILL")));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const masterPort = await freePort();
    // The port is kept: a master restarted comes back where it was.
    const master = node(masterPort, dataArgs(masterPort), password);
    master.start();
    const replicas: RedisNode[] = [];
    for (let i = 0; i < replicaCount; i++) {
      const port = await freePort();
      const replica = node(port, dataArgs(port, master.port), password);
      replica.start();
      replicas.push(replica);
    }
    await waitUntil(async () => (await info(master, "replication")).includes(`connected_slaves:${replicaCount}`) && replicaCount === (await onlineReplicas(master)), "the replicas to be in sync", () => master.log());

    const sentinels: RedisNode[] = [];
    for (let i = 0; i < sentinelCount; i++) {
      const port = await freePort();
      const file = join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${dir}`,
          `sentinel monitor ${NAME} 127.0.0.1 ${master.port} ${quorum}`,
          `sentinel down-after-milliseconds ${NAME} ${downAfterMs}`,
          `sentinel failover-timeout ${NAME} ${failoverTimeoutMs}`,
          `sentinel parallel-syncs ${NAME} 1`,
          ...(password === undefined ? [] : [`sentinel auth-pass ${NAME} ${password}`]),
          ...(sentinelPassword === undefined ? [] : [`requirepass ${sentinelPassword}`, `sentinel sentinel-pass ${sentinelPassword}`]),
          "",
        ].join("\n"),
      );
      const sentinel = node(port, () => [file, "--sentinel"], sentinelPassword);
      sentinel.start();
      sentinels.push(sentinel);
    }
    // Sentinels find the replicas through the master, and each other through hello messages (every 2 s).
    await waitUntil(
      async () => {
        for (const sentinel of sentinels) {
          const client = sentinel.connect();
          try {
            const known = (await client.call("SENTINEL", "REPLICAS", NAME)) as string[][];
            const others = (await client.call("SENTINEL", "SENTINELS", NAME)) as unknown[];
            if (known.filter((fields) => !/down|disconnected/.test(fields[fields.indexOf("flags") + 1] ?? "")).length < replicaCount || others.length < sentinelCount - 1) return false;
          } finally {
            client.disconnect();
          }
        }
        return true;
      },
      "every sentinel to know the replicas and the other sentinels",
      () => sentinels.map((sentinel) => sentinel.log()).join("\n"),
      15_000,
    );

    return {
      name: NAME,
      master,
      replicas,
      sentinels,
      password,
      sentinelPassword,
      sentinelList: sentinels.map((sentinel) => `127.0.0.1:${sentinel.port}`).join(","),
      node: (port) => {
        const found = [master, ...replicas].find((each) => each.port === port);
        if (!found) throw new Error(`no data node on port ${port}`);
        return found;
      },
      async masterPort(sentinel = sentinels[0]) {
        if (!sentinel) throw new Error("no sentinel");
        const client = sentinel.connect();
        try {
          const [, port] = (await client.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", NAME)) as [string, string];
          return Number(port);
        } finally {
          client.disconnect();
        }
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function redisNode(dir: string, port: number, args: () => string[], secret: string | undefined): RedisNode {
  let child: ReturnType<typeof spawnGroup> | undefined;
  const logfile = join(dir, `${port}.log`);
  const started: RedisNode = {
    port,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child?.pid !== undefined && isGroupAlive(child.pid);
    },
    start() {
      child = spawnGroup("redis-server", [...args(), "--logfile", logfile], { stdio: "ignore", cwd: dir });
    },
    async stop(signal = "SIGTERM") {
      const pid = child?.pid;
      if (pid === undefined) return;
      signalGroup(pid, signal);
      const deadline = Date.now() + 5_000;
      while (isGroupAlive(pid)) {
        if (Date.now() > deadline) signalGroup(pid, "SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    connect: () => {
      const client = new Redis({ host: "127.0.0.1", port, ...(secret === undefined ? {} : { password: secret }), maxRetriesPerRequest: 1, retryStrategy: () => null });
      // Its commands fail with the reason; the event would only repeat it.
      client.on("error", () => undefined);
      return client;
    },
    log: () => {
      try {
        return readFileSync(logfile, "utf8");
      } catch {
        return "";
      }
    },
  };
return started;
}


/**
 * A Redis of a test's own, alone (no replica, no sentinel), started and answering. Without
 * persistence unless `persistent` (an append-only file synced at every write, as production runs
 * it: a crash then loses nothing, and `start()` after `stop("SIGKILL")` brings the data back).
 */
export async function startRedisServer({ persistent = false } = {}): Promise<RedisNode & { remove(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "redis-server-"));
  const port = await freePort();
  const persistence = persistent ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const server = redisNode(dir, port, () => ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence, "--dir", dir, "--repl-diskless-sync-delay", "0"], undefined);
  server.start();
  const remove = async () => {
    await server.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(async () => (await info(server, "server")).includes("redis_version"), `redis-server on port ${port} to answer`, () => server.log());
  } catch (error) {
    await remove();
    throw error;
  }
  return Object.assign(server, { remove });
}

/** A section of INFO, or "" while the node does not answer. */
export async function info(node: RedisNode, section: string): Promise<string> {
  const client = node.connect();
  try {
    return await client.info(section);
  } catch {
    return "";
  } finally {
    client.disconnect();
  }
}

/** The replicas a master says are online (ROLE). */
async function onlineReplicas(node: RedisNode): Promise<number> {
  const client = node.connect();
  try {
    const role = await client.role();
    return Array.isArray(role[2]) ? role[2].length : 0;
  } catch {
    return -1;
  } finally {
    client.disconnect();
  }
}

/** Polls `condition` every 50 ms until it holds; fails with what it waited for (and the logs) after `timeoutMs`. */
export async function waitUntil(condition: () => Promise<boolean>, what: string, logs: () => string = () => "", timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await condition()) return;
    } catch {
      // Not yet: a node still starting refuses connections.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${logs().slice(-4_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
