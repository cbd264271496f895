import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/bot-process.ts";

describe("the Node.js version the README asks for", () => {
  it("is the one package.json's engines requires", () => {
    const engines = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const asked = /Needs Node\.js (\d+(?:\.\d+)*) or later/.exec(readme)?.[1];
    expect(engines).toMatch(/^>=\d+\.\d+\.\d+$/);
    expect(asked).toBe(engines.slice(2));
  });
});
