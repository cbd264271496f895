import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/bot-process.ts";

const read = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, file), "utf8")) as Record<string, unknown>;

describe("dependencies' install scripts", () => {
  it("each one is decided in package.json's allowScripts, so that a fresh npm ci (npm 11) is quiet", () => {
    const lock = read("package-lock.json") as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts).toContain("esbuild");
    const decided = Object.keys((read("package.json").allowScripts ?? {}) as Record<string, boolean>).map((entry) => entry.replace(/(?<=.)@.*$/, ""));
    expect(withScripts.filter((name) => !decided.includes(name))).toEqual([]);
  });

  it("esbuild's is denied: the platform's binary comes as its optional dependency, in the lockfile", () => {
    expect((read("package.json").allowScripts as Record<string, boolean>).esbuild).toBe(false);
    const lock = read("package-lock.json") as { packages: Record<string, { optional?: boolean; integrity?: string }> };
    expect(lock.packages["node_modules/@esbuild/linux-x64"]).toMatchObject({ optional: true, integrity: expect.stringMatching(/^sha512-/) });
  });
});
