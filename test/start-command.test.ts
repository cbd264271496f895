import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, startScriptCommand } from "./support/bot-process.ts";

describe("the start command", () => {
  it("is the same in Docker as for npm start: the bundle, with the same V8 flags", () => {
    const dockerfile = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd ?? "[]")).toEqual(startScriptCommand());
  });

  it("runs compiled JavaScript with plain node, no TypeScript loader", () => {
    const [node, ...args] = startScriptCommand();
    expect(node).toBe("node");
    expect(args.at(-1)).toBe("dist/main.js");
    expect(args.join(" ")).not.toMatch(/tsx|ts-node|--import|--loader/);
  });
});
