import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openServiceToken } from "../../src/app/open-service-token.ts";
import { SecretSet } from "../../src/logger.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../support/logs.ts";

const SHORT = "a secret too short to be real (a placeholder?): it is masked in the logs only where it stands alone";

let dir: string;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function open(token: Parameters<typeof openServiceToken>[0]["token"]) {
  const logs = captureLogs();
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const service = openServiceToken({ token, headers: {}, timeoutMs: 1_000 }, { logger: logs.logger, secrets: new SecretSet(), state, instanceId: "test" });
  cleanups.push(() => state.close(), () => service.close());
  return logs;
}

describe("a secret read from a file, too short to be real", () => {
  it("ENQUIRY_TOKEN_FILE and ENQUIRY_CLIENT_SECRET_FILE holding a few characters: one warning each as read, naming the variable, never the value", () => {
    dir = mkdtempSync(join(tmpdir(), "short-secrets-"));
    writeFileSync(join(dir, "token"), "abc\n");
    writeFileSync(join(dir, "secret"), "pw\n");
    const fromTokenFile = open({ source: "file", path: join(dir, "token") });
    const fromSecretFile = open({
      source: "client_credentials",
      credentials: { tokenUrl: "http://127.0.0.1:1/token", clientId: "client-1", secret: { from: "file", path: join(dir, "secret") }, auth: "basic", method: "POST", scope: undefined },
    });
    expect(fromTokenFile.entries().filter((entry) => entry.msg === SHORT)).toEqual([expect.objectContaining({ level: "warn", variable: "ENQUIRY_TOKEN_FILE", characters: 3 })]);
    expect(fromSecretFile.entries().filter((entry) => entry.msg === SHORT)).toEqual([expect.objectContaining({ level: "warn", variable: "ENQUIRY_CLIENT_SECRET_FILE", characters: 2 })]);
  });
});
