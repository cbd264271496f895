import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../test/support/bot-process.ts";

/**
 * A version's sources, built as it built itself; the bundle's path. It runs with this checkout's
 * dependencies when its lockfile is the same, and installs its own otherwise (an older version
 * may need a package this one dropped).
 */
export function buildAt(ref: string, dir: string): string {
  mkdirSync(dir);
  const archive = execFileSync("git", ["archive", "--format=tar", ref], { cwd: REPO_ROOT, maxBuffer: 512 * 1024 * 1024 });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  const lockfile = (root: string) => readFileSync(join(root, "package-lock.json"), "utf8");
  if (lockfile(dir) === lockfile(REPO_ROOT)) symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  else execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
  execFileSync("npm", ["run", "build", "--silent"], { cwd: dir, stdio: "inherit" });
  return join(dir, "dist/main.js");
}
export const shortRef = (ref: string) => execFileSync("git", ["rev-parse", "--short", ref], { cwd: REPO_ROOT, encoding: "utf8" }).trim();

