/**
 * Where a long /history's time goes, in one process: `node --import tsx bench/history/profile-timeline.ts [sqlite|redis]`
 * (Redis at 127.0.0.1:6379, under a key prefix of its own, deleted afterwards). Fills one payment
 * with 10,000 entries as the history scenario does, then times reading, folding and formatting.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isoInZone } from "../../src/payments/history/export/export-rows.ts";
import { readTimeline } from "../../src/payments/history/read-timeline.ts";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { lineText, pagesOf } from "../../src/telegram/features/history/history-format.ts";
import { Translations } from "../../src/telegram/i18n.ts";
import { deletePrefix, testPrefix } from "../../test/support/redis.ts";
import { ADMIN, BUSY_PAYMENT, fillJournal, recentEntries } from "./fill.ts";

const which = process.argv[2] === "redis" ? "redis" : "sqlite";
const layout = { total: 200_000, payment: 10_000, person: 1_000, exported: 1, old: 0 };
const dir = mkdtempSync(join(tmpdir(), "profile-timeline-"));
const prefix = testPrefix("profile-timeline");
const store = which === "redis" ? await openRedisStore({ url: "redis://127.0.0.1:6379", prefix }) : openSqliteStore({ path: join(dir, "bot.db"), sweepIntervalMs: 0 });
try {
  await fillJournal(store.journal, recentEntries(layout, Date.now()));
  const translations = new Translations({ timeZone: "UTC" });
  const t = translations.translatorFor("en");
  const day = translations.dayFor("en");
  const iso = isoInZone("UTC");
  const reader = { userId: ADMIN, admin: true, inSupportChat: false, mayAsk: true };
  const times: Record<string, number[]> = { read: [], format: [], total: [], cpu: [] };
  for (let round = 0; round < 15; round++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const timeline = await readTimeline(store.journal, "status", BUSY_PAYMENT, reader, "everything");
    const read = performance.now();
    const pages = pagesOf(timeline.lines.map((line) => lineText(line, t, (at) => `${day(at)} ${iso(at).slice(11, 19)}`, true)));
    const done = performance.now();
    if (round === 0) console.log({ entries: timeline.entries, lines: timeline.lines.length, pages: pages.length });
    times.read?.push(read - started);
    times.format?.push(done - read);
    times.total?.push(done - started);
    const used = process.cpuUsage(cpu);
    times.cpu?.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]?.toFixed(1);
  console.log(which, Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)])));
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  if (which === "redis") await deletePrefix("redis://127.0.0.1:6379", prefix);
}
