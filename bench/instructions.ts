import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildAt, shortRef } from "./build-at.ts";
import { privateChat, send, startRig, waitForReplies, type BotKind } from "./harness.ts";
import { users } from "./scenarios.ts";

/**
 * `npm run bench:instructions [-- --before <git ref>] [-- --commands 500] [-- --rounds 1]`: the
 * instructions each bot executes per command, counted by valgrind's callgrind, for the baseline,
 * this checkout and (with --before) an earlier version. Instructions are counted, not timed, so
 * another process on the machine does not change them; what still does is how the updates happen
 * to be batched (a few percent between runs). Each bot runs under valgrind (about 50 times slower),
 * is warmed up with a first burst uncounted, then counted over a second: about 2 minutes a bot.
 */
const { values } = parseArgs({
  options: { before: { type: "string" }, commands: { type: "string", default: "500" }, warm: { type: "string", default: "300" }, rounds: { type: "string", default: "1" } },
});
const commands = Number(values.commands);
const warm = Number(values.warm);
const ids = users(100);

/** Millions of instructions per command, over `commands` commands after `warm` uncounted ones. */
async function count(kind: BotKind, bundle?: string): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "bench-callgrind-"));
  // Counting starts switched off (the start-up and the warm-up are not counted) and is switched on by callgrind_control.
  const wrapper = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--smc-check=all-non-file", `--callgrind-out-file=${join(out, "callgrind.%p")}`];
  const rig = await startRig(kind, { latencyMs: 0, users: ids, wrapper, ...(bundle ? { bundle } : {}) });
  try {
    let sent = 0;
    const burst = async (size: number) => {
      for (let n = 0; n < size; n++, sent++) {
        const user = ids[sent % ids.length] ?? 0;
        send(rig, privateChat(user), user, `/collection COL-SUCCESS-I${sent}`);
      }
      await waitForReplies(rig, sent, 900_000);
    };
    await burst(warm);
    // valgrind runs the bot in its own process (the pid the rig started).
    const pid = String(rig.bot.child.pid);
    execFileSync("callgrind_control", ["--instr=on", pid], { stdio: "ignore" });
    await burst(commands);
    execFileSync("callgrind_control", ["--dump", pid], { stdio: "ignore" });
  } finally {
    await rig.close();
  }
  // The dump is part 1: the counted burst alone.
  const dumped = readdirSync(out)
    .map((name) => readFileSync(join(out, name), "utf8"))
    .find((text) => /^part: 1$/m.test(text));
  rmSync(out, { recursive: true, force: true });
  const total = Number(/^summary: (\d+)$/m.exec(dumped ?? "")?.[1]);
  if (!Number.isFinite(total) || total === 0) throw new Error("callgrind wrote no count for the burst");
  return total / commands / 1e6;
}

const dir = mkdtempSync(join(tmpdir(), "bench-instructions-"));
try {
  const earlier = values.before ? buildAt(values.before, join(dir, "before")) : undefined;
  const versions: { name: string; kind: BotKind; bundle?: string }[] = [
    { name: "baseline", kind: "baseline" },
    ...(earlier && values.before ? [{ name: `before (${shortRef(values.before)})`, kind: "ours" as const, bundle: earlier }] : []),
    { name: "ours (this checkout)", kind: "ours" },
  ];
  const counts = new Map<string, number[]>();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const version of versions) {
      const millions = await count(version.kind, version.bundle);
      counts.set(version.name, [...(counts.get(version.name) ?? []), millions]);
      process.stderr.write(`${version.name}: ${millions.toFixed(2)} M instructions per command\n`);
    }
  }
  const mean = (list: readonly number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const baseline = mean(counts.get("baseline") ?? []);
  process.stdout.write(`Instructions per command (millions), ${commands} commands from 100 users after ${warm} uncounted, fast service:\n`);
  for (const [name, list] of counts) process.stdout.write(`  ${name.padEnd(24)} ${list.map((value) => value.toFixed(2)).join(" ")}  ÷ baseline ${(mean(list) / baseline).toFixed(2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
