import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/bot-process.ts";
import { spawnGroup } from "../support/child-processes.ts";

/** A checkout of its own (the sources, the build's files, the dependencies linked), so that the repository's dist/ is left to the other tests. */
let checkout: string;
beforeAll(() => {
  checkout = mkdtempSync(join(tmpdir(), "build-"));
  for (const entry of ["package.json", "package-lock.json", "src", "deploy"]) {
    if (existsSync(join(REPO_ROOT, entry))) cpSync(join(REPO_ROOT, entry), join(checkout, entry), { recursive: true });
  }
  symlinkSync(join(REPO_ROOT, "node_modules"), join(checkout, "node_modules"), "dir");
});
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

function build(): Promise<{ code: number | null; output: string }> {
  const child = spawnGroup("npm", ["run", "build", "--silent"], { cwd: checkout, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

const LOCALES = () => readdirSync(join(REPO_ROOT, "src/telegram/locales")).sort();
const dist = (...path: string[]) => join(checkout, "dist", ...path);

/** Reads what a starting instance reads (the bundle, every locale) as often as it can while `during` runs: what it could not read. */
async function readWhile(during: Promise<unknown>): Promise<{ reads: number; failures: string[] }> {
  let done = false;
  void during.finally(() => (done = true));
  let reads = 0;
  const failures: string[] = [];
  while (!done) {
    try {
      const bundle = readFileSync(dist("main.js"), "utf8");
      if (!/\/\/# sourceMappingURL=main\.js\.map\s*$/.test(bundle)) failures.push(`main.js cut short (${bundle.length} bytes)`);
      // What the translations loader reads: every .ftl file, in every folder below.
      const entries = readdirSync(dist("locales"), { withFileTypes: true });
      const found = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ftl")).map((entry) => entry.name).sort();
      for (const file of found) readFileSync(dist("locales", file), "utf8");
      if (found.join() !== LOCALES().join() || entries.some((entry) => entry.isDirectory())) failures.push(`dist/locales held ${entries.map((entry) => entry.name).join(", ")}`);
    } catch (error) {
      failures.push((error as Error).message);
    }
    reads++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { reads, failures };
}

describe("npm run build (npm start's prestart), twice at once from one checkout", () => {
  it("both succeed, and an instance starting meanwhile always finds a whole bundle and every locale", async () => {
    expect((await build()).code).toBe(0);
    for (let round = 0; round < 3; round++) {
      // The sources changed since the last build: both builds have work to do.
      appendFileSync(join(checkout, "src/main.ts"), `\nexport const buildRound${round} = "round-${round}";\n`);
      const builds = Promise.all([build(), build()]);
      const { reads, failures } = await readWhile(builds);
      const results = await builds;
      expect(results.map((result) => result.code), results.map((result) => result.output).join("\n")).toEqual([0, 0]);
      expect(failures).toEqual([]);
      expect(reads).toBeGreaterThan(0);
      expect(readFileSync(dist("main.js"), "utf8")).toContain(`round-${round}`);
    }
    expect(readdirSync(dist("locales")).sort()).toEqual(LOCALES());
    expect(readdirSync(dist()).filter((name) => name.endsWith(".next"))).toEqual([]);
    for (const file of LOCALES()) expect(readFileSync(dist("locales", file), "utf8")).toBe(readFileSync(join(checkout, "src/telegram/locales", file), "utf8"));
  }, 120_000);

  it("does not build again when dist/ is current for the sources", async () => {
    expect((await build()).code).toBe(0);
    const built = statSync(dist("main.js")).mtimeMs;
    const [first, second] = await Promise.all([build(), build()]);
    expect([first?.code, second?.code]).toEqual([0, 0]);
    expect(statSync(dist("main.js")).mtimeMs).toBe(built);
    appendFileSync(join(checkout, "src/telegram/locales/en.ftl"), "\n");
    expect((await build()).code).toBe(0);
    expect(readFileSync(dist("locales/en.ftl"), "utf8")).toBe(readFileSync(join(checkout, "src/telegram/locales/en.ftl"), "utf8"));
  }, 120_000);
});
