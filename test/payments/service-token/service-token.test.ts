import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { operatorReason } from "../../../src/app/start-failure.ts";
import { describeTokenHealth, fileToken, inspectToken, tokenHealth, type ServiceToken } from "../../../src/payments/service-token/service-token.ts";

const jwt = (claims: Record<string, unknown>) =>
  ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2lnbmF0dXJl"].join(".");
const NOW = new Date("2026-11-22T12:00:00Z");
const inHours = (hours: number) => Math.floor(NOW.getTime() / 1000) + hours * 3600;

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("token inspection", () => {
  it("reads the exp claim of a JWT", () => {
    expect(inspectToken(jwt({ exp: 1_800_000_000 }))).toEqual({ present: true, jwtShaped: true, expiresAt: new Date(1_800_000_000_000) });
  });
  it.each([
    ["ok", jwt({ exp: inHours(48) })],
    ["expires_soon", jwt({ exp: inHours(23) })],
    ["expired", jwt({ exp: inHours(-1) })],
    ["no_expiry", jwt({ sub: "bot" })],
    ["not_jwt", "plain-opaque-token"],
    ["not_jwt", "a.b!.c"],
    ["missing", undefined],
  ])("classifies %s", (health, token) => {
    expect(tokenHealth(inspectToken(token), NOW)).toBe(health);
  });
  it("an exp past the dates a Date can hold (1e20) is no expiry, never an Invalid Date", () => {
    expect(inspectToken(jwt({ exp: 1e20 }))).toEqual({ present: true, jwtShaped: true, expiresAt: undefined });
    expect(tokenHealth(inspectToken(jwt({ exp: 1e20 })), NOW)).toBe("no_expiry");
    expect(inspectToken(jwt({ exp: 4_102_444_800 })).expiresAt?.toISOString()).toBe("2100-01-01T00:00:00.000Z");
  });
  it("a payload that is JSON but not an object of claims (a string, a list, null) is no JWT: said so, not 'no expiry'", () => {
    const shapedAs = (payload: string) => ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(payload).toString("base64url"), "c2lnbmF0dXJl"].join(".");
    for (const payload of ['"bot"', "[1800000000]", "null", "42"]) {
      expect(inspectToken(shapedAs(payload)), payload).toEqual({ present: true, jwtShaped: false, expiresAt: undefined });
      expect(tokenHealth(inspectToken(shapedAs(payload)), NOW), payload).toBe("not_jwt");
    }
  });
  it("warns within 24 hours and errs once expired", () => {
    expect(describeTokenHealth(inspectToken(jwt({ exp: inHours(2) })), NOW).level).toBe("warn");
    expect(describeTokenHealth(inspectToken(jwt({ exp: inHours(-2) })), NOW).level).toBe("error");
    expect(describeTokenHealth(inspectToken("opaque-token-value"), NOW)).toMatchObject({ level: "warn", message: expect.stringMatching(/not JWT-shaped/) });
  });
});

describe("token file", () => {
  let dir: string;
  let token: ServiceToken | undefined;
  afterEach(() => {
    token?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const waitFor = async (condition: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error("condition not met");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it("picks up a rotated token without a restart, including an atomic rename", async () => {
    dir = mkdtempSync(join(tmpdir(), "token-"));
    const path = join(dir, "token");
    writeFileSync(path, `${jwt({ exp: 1 })}\n`);
    const loaded: string[] = [];
    token = fileToken(path, { onLoaded: (_status, value) => loaded.push(value) }, 20);
    expect(token.current()).toBe(jwt({ exp: 1 }));
    writeFileSync(path, jwt({ exp: 2 }));
    await waitFor(() => token?.current() === jwt({ exp: 2 }));
    writeFileSync(join(dir, "next"), jwt({ exp: 3 }));
    renameSync(join(dir, "next"), path);
    await waitFor(() => token?.current() === jwt({ exp: 3 }));
    expect(loaded).toEqual([jwt({ exp: 1 }), jwt({ exp: 2 }), jwt({ exp: 3 })]);
    expect(token.status().expiresAt).toEqual(new Date(3000));
  });

  it("keeps the last good token when the file goes missing or empty, and says so", async () => {
    dir = mkdtempSync(join(tmpdir(), "token-"));
    const path = join(dir, "token");
    writeFileSync(path, "first-token-value");
    const failures: string[] = [];
    token = fileToken(path, { onReadFailed: (error) => failures.push(error) }, 20);
    writeFileSync(path, "   ");
    await waitFor(() => failures.length > 0);
    expect(token.current()).toBe("first-token-value");
    rmSync(path);
    await waitFor(() => failures.length > 1);
    expect(token.current()).toBe("first-token-value");
    expect(failures.join()).not.toContain(path);
  });

  it("fails at start when the file cannot be read, with a sentence for the operator", () => {
    dir = mkdtempSync(join(tmpdir(), "token-"));
    const error = catchError(() => fileToken(join(dir, "absent")));
    expect(operatorReason(error)).toBe(`ENQUIRY_TOKEN_FILE ${join(dir, "absent")} cannot be read (ENOENT)`);
  });

  it("a token that could not go in a header (wrapped over two lines, a space inside): refused at start, saying why and never the token; written so later, the last good token stays, and it says why", async () => {
    dir = mkdtempSync(join(tmpdir(), "token-"));
    const path = join(dir, "token");
    writeFileSync(path, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib3Qi\nfQ.c2lnbmF0dXJl\n");
    const error = catchError(() => fileToken(path));
    const sentence = `ENQUIRY_TOKEN_FILE ${path} must hold the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)`;
    expect(operatorReason(error)).toBe(sentence);
    writeFileSync(path, "first-token-value\n");
    const failures: string[] = [];
    token = fileToken(path, { onReadFailed: (reason) => failures.push(reason) }, 20);
    writeFileSync(path, "second token");
    await waitFor(() => failures.length > 0);
    expect(token.current()).toBe("first-token-value");
    expect(failures[0]).toBe("ENQUIRY_TOKEN_FILE must hold the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)");
  });
});
