import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../test/support/bot-process.ts";
import { buildAt, shortRef } from "./build-at.ts";
import { rssMb } from "./harness.ts";
import { measureHeavyTraffic, users, withRig } from "./scenarios.ts";

/**
 * `npm run bench:compare -- --before <git ref> [--after <git ref>] [--after-env NAME=VALUE …] [--rounds 5] [--commands 2000] [--baseline]`:
 * the bot as it is (or as it was at --after) and as it was at --before, each built by its own build script, through the heavy-traffic scenario in
 * turns (before, after, before, after…), so that both meet the same noise. Prints CPU per command
 * of every round side by side, and the ratio of the medians: "within 5 % of before" is read here.
 * With --baseline, the sequential baseline bot takes its turn in each round too, and every version's
 * CPU and RSS is also given as a ratio to it. With --after-env, the "after" bot runs with those
 * variables set (`--after-env HISTORY_DAYS=0`: what a feature costs, against the code before it).
 */
const { values } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string" },
    rounds: { type: "string", default: "5" },
    commands: { type: "string", default: "2000" },
    out: { type: "string", default: "bench/results/compare.json" },
    // The sequential baseline bot in the same turns, for ratios to it.
    baseline: { type: "boolean", default: false },
    "after-env": { type: "string", multiple: true, default: [] },
  },
});
const afterEnv = Object.fromEntries(
  (values["after-env"] ?? []).map((pair) => {
    const at = pair.indexOf("=");
    if (at <= 0) throw new Error(`--after-env takes NAME=VALUE, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
if (!values.before) throw new Error("--before <git ref> is required (a commit, a tag, main~3…)");
const rounds = Number(values.rounds);
const commands = Number(values.commands);
type Version = "before" | "after" | "baseline";
const log = (text: string) => process.stderr.write(`${text}\n`);

const dir = mkdtempSync(join(tmpdir(), "bench-compare-"));
try {
  const bundles = {
    before: buildAt(values.before, join(dir, "before")),
    after: values.after ? buildAt(values.after, join(dir, "after")) : undefined,
  };
  if (!values.after) execFileSync("npm", ["run", "build", "--silent"], { cwd: REPO_ROOT, stdio: "inherit" });
  const commit = shortRef(values.before);
  const afterName = `${values.after ? shortRef(values.after) : "this checkout"}${Object.keys(afterEnv).length > 0 ? `, ${Object.entries(afterEnv).map(([key, value]) => `${key}=${value}`).join(" ")}` : ""}`;

  const ids = users(100);
  const cpu: Record<Version, number[]> = { before: [], after: [], baseline: [] };
  const rss: Record<Version, number[]> = { before: [], after: [], baseline: [] };
  const name = (version: Version) => (version === "before" ? `before (${commit})` : version === "after" ? `after (${afterName})` : "baseline");
  for (let round = 1; round <= rounds; round++) {
    // In turns, the order reversed every round (before-after-baseline, baseline-after-before…): whatever
    // the machine does to the later runs of a round falls on each version alike.
    const versions: Version[] = values.baseline ? ["before", "after", "baseline"] : ["before", "after"];
    for (const version of round % 2 === 1 ? versions : versions.reverse()) {
      const bundle = version === "baseline" ? undefined : bundles[version];
      const figures = await withRig(version === "baseline" ? "baseline" : "ours", { latencyMs: 0, users: ids, ...(bundle ? { bundle } : {}), ...(version === "after" ? { env: afterEnv } : {}) }, async (rig) => {
        const measured = await measureHeavyTraffic(rig, ids, commands);
        // What stays once the burst is over and the garbage collector has had a moment.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return { ...measured, rssMb: rssMb(rig.bot.child.pid) };
      });
      cpu[version].push(figures.cpuMsPerCommand);
      rss[version].push(figures.rssMb);
      log(`round ${round}, ${name(version)}: ${figures.cpuMsPerCommand.toFixed(3)} CPU ms per command, ${Math.round(figures.repliesPerSecond)} replies/s, RSS ${Math.round(figures.rssMb)} MB`);
    }
  }
  const median = (list: readonly number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return sorted.length % 2 === 1 ? (sorted[Math.floor(middle)] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
  };
  const ratio = median(cpu.after) / median(cpu.before);
  // How sure: the ratio of medians over rounds drawn again at random (a bootstrap), its 5th and 95th percentiles.
  const draw = (list: readonly number[]) => list.map(() => list[Math.floor(Math.random() * list.length)] ?? Number.NaN);
  const resampled = Array.from({ length: 2_000 }, () => median(draw(cpu.after)) / median(draw(cpu.before))).sort((a, b) => a - b);
  const interval = [resampled[100] ?? Number.NaN, resampled[1_899] ?? Number.NaN] as const;
  const measured: Version[] = values.baseline ? ["before", "after", "baseline"] : ["before", "after"];
  const toBaseline = (list: readonly number[], of: Record<Version, number[]>) => (values.baseline ? ` (${(median(list) / median(of.baseline)).toFixed(2)}× the baseline)` : "");
  const result = {
    before: commit,
    after: afterName,
    rounds,
    commands,
    cpuMsPerCommand: cpu,
    rssMbAfter: rss,
    medians: Object.fromEntries(measured.map((version) => [version, { cpuMsPerCommand: median(cpu[version]), rssMb: median(rss[version]) }])),
    ratio,
    interval90: interval,
    targets: { within5PercentOfBefore: ratio <= 1.05 },
  };
  writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(
    [
      `CPU ms per command, heavy traffic (${commands} commands from 100 users, fast service), ${rounds} rounds in turns:`,
      ...measured.map((version) => `  ${name(version)}: ${cpu[version].map((value) => value.toFixed(2)).join(" ")}  median ${median(cpu[version]).toFixed(3)}${toBaseline(cpu[version], cpu)}`),
      `  after ÷ before: ${ratio.toFixed(3)}, 90 % of resamplings between ${interval[0].toFixed(3)} and ${interval[1].toFixed(3)}  (target ≤ 1.05: ${ratio <= 1.05 ? "PASS" : "MISS"})`,
      "RSS once the burst is over (MB):",
      ...measured.map((version) => `  ${name(version)}: ${rss[version].map((value) => Math.round(value)).join(" ")}  median ${Math.round(median(rss[version]))}${toBaseline(rss[version], rss)}`),
      "",
    ].join("\n"),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
