import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { privateChat, send, startRig, waitForReplies, type BotKind } from "./harness.ts";

/**
 * `npm run bench:profile [-- --bot baseline] [-- --commands 4000]`: heavy traffic against one bot
 * run with `node --cpu-prof`, then the functions with the most self time. The .cpuprofile file
 * opens in Chrome DevTools (Performance) for the full picture.
 */
const { values } = parseArgs({ options: { bot: { type: "string", default: "ours" }, commands: { type: "string", default: "4000" }, dir: { type: "string", default: "bench/results/profile" } } });
const users = Array.from({ length: 500 }, (_, i) => 10_000 + i);
const total = Number(values.commands);
rmSync(values.dir, { recursive: true, force: true });
const rig = await startRig(values.bot as BotKind, { latencyMs: 0, users, cpuProfileDir: values.dir });
for (let sent = 0; sent < total; ) {
  for (let i = 0; i < 1_000 && sent < total; i++, sent++) send(rig, privateChat(users[sent % users.length] ?? 0), users[sent % users.length] ?? 0, `/collection COL-SUCCESS-P${sent}`);
  await waitForReplies(rig, sent, 120_000);
}
await rig.close();

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
// One profile per thread, should the bot start any: the main thread's is the largest.
const file = readdirSync(values.dir)
  .filter((name) => name.endsWith(".cpuprofile"))
  .sort((a, b) => statSync(join(values.dir, b)).size - statSync(join(values.dir, a)).size)[0];
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(join(values.dir, file), "utf8")) as { nodes: Node[] };
const totalHits = profile.nodes.reduce((sum, node) => sum + node.hitCount, 0);
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const where = node.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/src\//, "src/");
  const key = `${node.callFrame.functionName || "(anonymous)"}  ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
}
const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30);
process.stdout.write(`${join(values.dir, file)}\nself time, top 30:\n`);
for (const [name, hits] of top) process.stdout.write(`${((hits / totalHits) * 100).toFixed(1).padStart(5)}%  ${name}\n`);
