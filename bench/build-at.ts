import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../test/support/bot-process.ts";

/** A version's sources, with this checkout's dependencies, built as it built itself; the bundle's path. */
export function buildAt(ref: string, dir: string): string {
  mkdirSync(dir);
  const archive = execFileSync("git", ["archive", "--format=tar", ref], { cwd: REPO_ROOT, maxBuffer: 512 * 1024 * 1024 });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  execFileSync("npm", ["run", "build", "--silent"], { cwd: dir, stdio: "inherit" });
  return join(dir, "dist/main.js");
}
export const shortRef = (ref: string) => execFileSync("git", ["rev-parse", "--short", ref], { cwd: REPO_ROOT, encoding: "utf8" }).trim();

