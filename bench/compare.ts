import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../test/support/bot-process.ts";
import { buildAt, shortRef } from "./build-at.ts";
import { measureHeavyTraffic, users, withRig } from "./scenarios.ts";

/**
 * `npm run bench:compare -- --before <git ref> [--after <git ref>] [--rounds 5] [--commands 2000]`:
 * the bot as it is (or as it was at --after) and as it was at --before, each built by its own build script, through the heavy-traffic scenario in
 * turns (before, after, before, after…), so that both meet the same noise. Prints CPU per command
 * of every round side by side, and the ratio of the medians: "within 5 % of before" is read here.
 */
const { values } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string" },
    rounds: { type: "string", default: "5" },
    commands: { type: "string", default: "2000" },
    out: { type: "string", default: "bench/results/compare.json" },
  },
});
if (!values.before) throw new Error("--before <git ref> is required (a commit, a tag, main~3…)");
const rounds = Number(values.rounds);
const commands = Number(values.commands);
const log = (text: string) => process.stderr.write(`${text}\n`);

const dir = mkdtempSync(join(tmpdir(), "bench-compare-"));
try {
  const bundles = {
    before: buildAt(values.before, join(dir, "before")),
    after: values.after ? buildAt(values.after, join(dir, "after")) : undefined,
  };
  if (!values.after) execFileSync("npm", ["run", "build", "--silent"], { cwd: REPO_ROOT, stdio: "inherit" });
  const commit = shortRef(values.before);
  const afterName = values.after ? shortRef(values.after) : "this checkout";

  const ids = users(100);
  const cpu: { before: number[]; after: number[] } = { before: [], after: [] };
  for (let round = 1; round <= rounds; round++) {
    // In turns, the order swapped every round (before-after, after-before…): whatever the machine does to
    // the second run of a pair falls on each version alike.
    const order = round % 2 === 1 ? (["before", "after"] as const) : (["after", "before"] as const);
    for (const version of order) {
      const bundle = bundles[version];
      const figures = await withRig("ours", { latencyMs: 0, users: ids, ...(bundle ? { bundle } : {}) }, (rig) => measureHeavyTraffic(rig, ids, commands));
      cpu[version].push(figures.cpuMsPerCommand);
      log(`round ${round}, ${version === "before" ? `before (${commit})` : `after (${afterName})`}: ${figures.cpuMsPerCommand.toFixed(3)} CPU ms per command, ${Math.round(figures.repliesPerSecond)} replies/s`);
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
  const result = {
    before: commit,
    after: afterName,
    rounds,
    commands,
    cpuMsPerCommand: cpu,
    medians: { before: median(cpu.before), after: median(cpu.after) },
    ratio,
    interval90: interval,
    targets: { within5PercentOfBefore: ratio <= 1.05 },
  };
  writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(
    [
      `CPU ms per command, heavy traffic (${commands} commands from 100 users, fast service), ${rounds} rounds in turns:`,
      `  before (${commit}): ${cpu.before.map((value) => value.toFixed(2)).join(" ")}  median ${median(cpu.before).toFixed(3)}`,
      `  after (${afterName}): ${cpu.after.map((value) => value.toFixed(2)).join(" ")}  median ${median(cpu.after).toFixed(3)}`,
      `  after ÷ before: ${ratio.toFixed(3)}, 90 % of resamplings between ${interval[0].toFixed(3)} and ${interval[1].toFixed(3)}  (target ≤ 1.05: ${ratio <= 1.05 ? "PASS" : "MISS"})`,
      "",
    ].join("\n"),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
