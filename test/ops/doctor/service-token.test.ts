import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../../src/config/config.ts";
import { SecretSet } from "../../../src/logger.ts";
import { checkToken } from "../../../src/ops/doctor/provider-check.ts";
import { json, startLocalServer } from "../../support/http-server.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** `npm run doctor`'s token line against a token endpoint on 127.0.0.1 answering `answer`. */
async function doctorSays(answer: Record<string, unknown>) {
  const server = await startLocalServer((_request, res) => json(res, 200, { access_token: "tok-doctor", ...answer }));
  cleanups.push(() => server.close());
  const enquiry = {
    baseUrl: "http://127.0.0.1:1",
    baseUrlLeftOut: undefined,
    token: { source: "client_credentials", credentials: { tokenUrl: `${server.url}/oauth/token`, clientId: "client-1", secret: { from: "environment", value: "secret-1" }, auth: "basic", method: "POST", scope: undefined } },
    headers: {},
    timeoutMs: 1_000,
    totalTimeoutMs: 2_500,
    retries: 0,
    connections: 1,
  } satisfies Config["enquiry"];
  return (await checkToken(enquiry, new SecretSet())).result;
}

describe("npm run doctor on the token's lifetime", () => {
  it("an hour: ✓, how long it lives", async () => {
    expect(await doctorSays({ expires_in: 3600 })).toMatchObject({ ok: true, detail: expect.stringMatching(/: lives 1 h 0 min; the bot renews it before it expires$/) });
  });

  it.each([
    [1e13, "expires_in says 10000000000000 s, more than a year: counted as no expiry (each token kept until the provider refuses it)"],
    ["99999999999999", "expires_in says 99999999999999 s, more than a year: counted as no expiry (each token kept until the provider refuses it)"],
    [0.001, "expires_in says 0.001 s, under 30 s: counted as 30 s (a new token about every 20 s)"],
    ["NaN", "expires_in is not a number of seconds: left aside (no expiry given: each token kept until the provider refuses it)"],
  ])("expires_in %s: ✗, saying what the provider said and what the bot makes of it (never 'lives NaN days' or 'lives 0 s')", async (expiresIn, said) => {
    const result = await doctorSays({ expires_in: expiresIn });
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/^obtained from POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token, but its lifetime looks wrong: /);
    expect(result.detail.endsWith(`looks wrong: ${said}; ask the provider what its tokens' expires_in should be`)).toBe(true);
    expect(result.detail).not.toMatch(/NaN days|lives 0 s/);
  });
});

describe("npm run doctor on a token file that could not go in a header", () => {
  it("a token wrapped over two lines: ✗, saying why (as npm start does), never the token", async () => {
    const dir = mkdtempSync(join(tmpdir(), "doctor-token-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "token");
    writeFileSync(path, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIi\nOiJib3QifQ.c2ln\n");
    const enquiry = { baseUrl: "http://127.0.0.1:1", baseUrlLeftOut: undefined, token: { source: "file", path }, headers: {}, timeoutMs: 1_000, totalTimeoutMs: 2_500, retries: 0, connections: 1 } satisfies Config["enquiry"];
    const { result, token } = await checkToken(enquiry, new SecretSet());
    expect(result).toEqual({ ok: false, label: "Service token", detail: "ENQUIRY_TOKEN_FILE must hold the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)" });
    expect(token).toBeUndefined();
  });
});

describe("npm run doctor on how long a token has left", () => {
  /** A JWT-shaped token whose exp is `exp` (seconds since the epoch); never sent anywhere. */
  const jwtExpiring = (exp: number) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ exp })).toString("base64url")}.c2lnbmF0dXJl`;
  const given = (value: string) =>
    ({ baseUrl: "http://127.0.0.1:1", baseUrlLeftOut: undefined, token: { source: "environment", value }, headers: {}, timeoutMs: 1_000, totalTimeoutMs: 2_500, retries: 0, connections: 1 }) satisfies Config["enquiry"];

  it("says a far expiry in years, as /health does (a token that expires in 2100), never thousands of days", async () => {
    const exp = Math.round(Date.now() / 1000 + 73.5 * 365.25 * 86_400);
    const { result } = await checkToken(given(jwtExpiring(exp)), new SecretSet());
    expect(result.detail).toMatch(/^ENQUIRY_TOKEN set, expires \d{4}-\d\d-\d\dT[\d:.]+Z \(in 73 years\)$/);
    const soon = Math.round(Date.now() / 1000 + 3 * 86_400 + 2 * 3_600 + 600);
    expect((await checkToken(given(jwtExpiring(soon)), new SecretSet())).result.detail).toMatch(/\(in 3 d 2 h\)$/);
  });
});
