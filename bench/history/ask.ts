import { setTimeout as sleep } from "node:timers/promises";
import { cpuMs, percentile, privateChat, send, waitForReplies, type Rig } from "../harness.ts";

/** A command's reply, as the fake Bot API received it. */
export interface Reply {
  latencyMs: number;
  text: string;
}

/** Per rig, the replies awaited (by the message they reply to): one listener each, however many commands. */
const awaited = new WeakMap<Rig, Map<number, (text: string) => void>>();

function waiters(rig: Rig): Map<number, (text: string) => void> {
  let map = awaited.get(rig);
  if (!map) {
    const created = new Map<number, (text: string) => void>();
    rig.telegram.onCall((call) => {
      const to = (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id;
      const waiter = call.method === "sendMessage" && to !== undefined ? created.get(to) : undefined;
      if (!waiter || to === undefined) return;
      created.delete(to);
      waiter(String(call.payload.text ?? ""));
    });
    awaited.set(rig, created);
    map = created;
  }
  return map;
}

/**
 * Sends a command and resolves with its reply (the first message that replies to it): when it
 * arrived, by the fake Bot API's clock, so polling here adds nothing to the figure.
 */
export function ask(rig: Rig, userId: number, text: string, timeoutMs = 60_000): Promise<Reply> {
  const map = waiters(rig);
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const id = send(rig, privateChat(userId), userId, text);
    const timer = setTimeout(() => {
      map.delete(id);
      reject(new Error(`no reply to ${text} within ${timeoutMs} ms`));
    }, timeoutMs);
    map.set(id, (reply) => {
      clearTimeout(timer);
      resolve({ latencyMs: performance.now() - sent, text: reply });
    });
  });
}

export interface Latencies {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export function summary(values: number[]): Latencies {
  return { count: values.length, p50Ms: percentile(values, 50), p95Ms: percentile(values, 95), maxMs: values.length ? Math.max(...values) : Number.NaN };
}

/** /collection of a new ID from each of `users` in turn, one at a time, `gapMs` apart, until `until()` or `count` (whichever first). */
export async function oneByOne(rig: Rig, users: readonly number[], tag: string, options: { count: number; gapMs: number; until?: () => boolean }): Promise<number[]> {
  const values: number[] = [];
  for (let n = 0; n < options.count && !options.until?.(); n++) {
    const user = users[n % users.length] ?? 0;
    values.push((await ask(rig, user, `/collection COL-SUCCESS-${tag}${n}`)).latencyMs);
    await sleep(options.gapMs);
  }
  return values;
}

/** `count` /collection commands of new IDs at once, from `users`: the bot's CPU per command until the last reply. */
export async function burstCpu(rig: Rig, users: readonly number[], count: number, tag: string): Promise<number> {
  rig.sentAt.clear();
  rig.repliedAt.clear();
  const before = cpuMs(rig.bot.child.pid);
  for (let n = 0; n < count; n++) {
    const user = users[n % users.length] ?? 0;
    send(rig, privateChat(user), user, `/collection COL-SUCCESS-${tag}${n}`);
  }
  await waitForReplies(rig, count, 300_000);
  return (cpuMs(rig.bot.child.pid) - before) / count;
}

/** Samples the bot's RSS every `everyMs` until stopped: the highest reading. */
export function rssPeak(read: () => number, everyMs = 50): { stop: () => number } {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}
