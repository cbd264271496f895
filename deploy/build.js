import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * `npm run build`, which `npm start` runs first: bundles src/ into dist/main.js and copies the
 * translations to dist/locales. Two instances started at the same moment from one checkout (a test
 * rig, two systemd units) build at the same time while the first of them may already be starting,
 * so dist/ is never written in place: each file is written beside its final name and renamed
 * over it (a rename is atomic), the bundle after the translations it reads, and nothing an
 * instance reads is ever missing, even for a moment. When dist/ is already current for the
 * sources (the stamp, written last, says so), nothing is built at all.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");
const LOCALES_FROM = join(SRC, "telegram", "locales");
const LOCALES_TO = join(DIST, "locales");
const STAMP = join(DIST, ".build-stamp");

/**
 * The bot, `npm run doctor` (the same configuration, checked), and the thread that draws receipt
 * pictures (src/telegram/render/receipt-picture.ts starts it from beside dist/main.js).
 * @type {{ in: string, out: string }[]}
 */
const ENTRY_POINTS = [
  { in: join(SRC, "main.ts"), out: "main" },
  { in: join(SRC, "doctor.ts"), out: "doctor" },
  { in: join(SRC, "telegram", "render", "receipt-thread.ts"), out: "receipt-thread" },
];
const BUNDLES = ENTRY_POINTS.map((entry) => `${entry.out}.js`);

/** @type {import("esbuild").BuildOptions} */
const OPTIONS = {
  entryPoints: ENTRY_POINTS,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  outdir: DIST,
  // Kept in memory, then renamed into place: see above.
  write: false,
};

/**
 * Every file under a folder, as paths relative to ROOT, sorted (the same order on every machine).
 * @param {string} folder
 * @returns {string[]}
 */
function filesUnder(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * What the build's output depends on: the sources, the locked dependencies, esbuild and its options.
 * @returns {string}
 */
function stampOfSources() {
  const hash = createHash("sha256");
  const esbuild = /** @type {{ version: string }} */ (createRequire(import.meta.url)("esbuild/package.json")).version;
  hash.update(JSON.stringify({ esbuild, options: { ...OPTIONS, entryPoints: ENTRY_POINTS.map((entry) => ({ ...entry, in: relative(ROOT, entry.in) })), outdir: undefined } }));
  for (const file of [...filesUnder(SRC), "package-lock.json"]) {
    hash.update(`\0${file}\0`);
    if (existsSync(join(ROOT, file))) hash.update(readFileSync(join(ROOT, file)));
  }
  return hash.digest("hex");
}

/**
 * @param {string} stamp
 * @param {readonly string[]} locales
 * @returns {boolean}
 */
function isCurrent(stamp, locales) {
  try {
    return readFileSync(STAMP, "utf8") === stamp && BUNDLES.every((file) => existsSync(join(DIST, file))) && locales.every((file) => existsSync(join(LOCALES_TO, file)));
  } catch {
    // No stamp: never built here, or by an older build script.
    return false;
  }
}

/**
 * Writes `path` whole, or not at all: another process reading it sees the old file or the new one.
 * @param {string} path
 * @param {string | Uint8Array} content
 */
function replaceFile(path, content) {
  const next = join(dirname(path), `.${randomBytes(6).toString("hex")}.next`);
  writeFileSync(next, content);
  renameSync(next, path);
}

const stamp = stampOfSources();
const locales = readdirSync(LOCALES_FROM).filter((file) => file.endsWith(".ftl"));
if (!isCurrent(stamp, locales)) {
  // Loaded only to build: most starts find dist/ current, and loading esbuild costs more than checking.
  const { build } = await import("esbuild");
  const { outputFiles = [] } = await build(OPTIONS);
  mkdirSync(LOCALES_TO, { recursive: true });
  for (const file of locales) replaceFile(join(LOCALES_TO, file), readFileSync(join(LOCALES_FROM, file)));
  mkdirSync(DIST, { recursive: true });
  // The source maps first, the bundles last: a bundle always finds what it needs beside it.
  for (const output of [...outputFiles].sort((a, b) => Number(a.path.endsWith(".js")) - Number(b.path.endsWith(".js")))) replaceFile(output.path, output.contents);
  // A language removed from the sources leaves dist/ too (not the files another build is writing now).
  for (const file of readdirSync(LOCALES_TO)) if (!file.startsWith(".") && !locales.includes(file)) rmSync(join(LOCALES_TO, file), { recursive: true, force: true });
  replaceFile(STAMP, stamp);
}
