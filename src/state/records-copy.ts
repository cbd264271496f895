import type { Logger } from "../logger.ts";
import type { Records } from "./ports.ts";

/** A change made through another instance is seen here within this (the staleness bound is twice it). */
export const RECORDS_REFRESH_MS = 1_000;

/**
 * A collection of durable records, held in memory as decoded values and read again when its
 * revision moves on (looked at every second): what every update consults costs a map lookup, not
 * a round trip to the store. A record that does not decode is left out.
 */
export interface RecordsCopy<T> {
  /** The copy as last read, by record id. */
  current(): ReadonlyMap<string, T>;
  /** Reads the collection again now if it changed (one made elsewhere). */
  refresh(): Promise<void>;
  /** After a change made here: a read that starts after it (not one already under way, which may have missed it). */
  reload(): Promise<void>;
  /** Keeps the copy up to date; call `stop` when done. */
  start(): void;
  stop(): void;
}

export function recordsCopy<T>(records: Records, collection: string, decode: (text: string) => T | undefined, logger: Logger): RecordsCopy<T> {
  let copy = new Map<string, T>();
  /** The revision the copy is of; none until the first read. */
  let revision: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;

  async function load(): Promise<void> {
    const latest = await records.revision(collection);
    if (latest === revision) return;
    const next = new Map<string, T>();
    for (const [id, text] of await records.all(collection)) {
      const value = decode(text);
      if (value !== undefined) next.set(id, value);
    }
    copy = next;
    revision = latest;
  }
  const refresh = () => {
    refreshing ??= load().finally(() => (refreshing = undefined));
    return refreshing;
  };

  return {
    current: () => copy,
    refresh,
    async reload() {
      await refreshing?.catch(() => undefined);
      await refresh();
    },
    start() {
      timer ??= setInterval(() => {
        // The store away: the copy keeps serving, and is read again once it is back.
        refresh().catch((error: unknown) => logger.debug({ err: error, collection }, "records not refreshed"));
      }, RECORDS_REFRESH_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
