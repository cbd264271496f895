import { afterEach, describe, expect, it } from "vitest";
import { readTokenAnswer, tokenRequester, type ClientCredentials } from "../../../src/payments/service-token/token-request.ts";
import { json, startLocalServer, type Handler, type LocalServer } from "../../support/http-server.ts";

const SECRET = "s3cr3t-client-secret/with+odd=chars";
const SENT_AT = new Date("2026-11-22T12:00:00Z");
const jwt = (claims: Record<string, unknown>) => ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2ln"].join(".");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function requesterFor(handler: Handler, settings: Partial<ClientCredentials> = {}, headers: Record<string, string> = {}, timeoutMs = 1_000) {
  const server = await startLocalServer(handler);
  const credentials: ClientCredentials = {
    tokenUrl: `${server.url}/collection/token/`,
    clientId: "api-user-1",
    secret: { from: "environment", value: SECRET },
    auth: "basic",
    method: "POST",
    scope: undefined,
    ...settings,
  };
  const requester = tokenRequester({ credentials, secret: () => SECRET, headers, timeoutMs, now: () => SENT_AT });
  cleanups.push(() => requester.close(), () => server.close());
  return { server, requester, credentials };
}

const issuing = (body: Record<string, unknown>): Handler => (_request, res) => json(res, 200, body);
const lastRequest = (server: LocalServer) => server.requests[server.requests.length - 1];

describe("asking the token endpoint (client credentials, on 127.0.0.1)", () => {
  it("MTN-like: POST, HTTP Basic of id:secret, the provider's headers, a numeric expires_in", async () => {
    const { server, requester } = await requesterFor(issuing({ access_token: "tok-mtn", token_type: "access_token", expires_in: 3600 }), {}, { "Ocp-Apim-Subscription-Key": "sub-key-1", "X-Target-Environment": "mtnuganda" });
    expect(await requester.request()).toEqual({ ok: true, token: "tok-mtn", obtainedAt: SENT_AT, expiresAt: new Date(SENT_AT.getTime() + 3_600_000) });
    const request = lastRequest(server);
    expect(request).toMatchObject({ method: "POST", path: "/collection/token/" });
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`api-user-1:${SECRET}`).toString("base64")}`);
    expect(request?.headers["ocp-apim-subscription-key"]).toBe("sub-key-1");
    expect(request?.headers["x-target-environment"]).toBe("mtnuganda");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ grant_type: "client_credentials" });
  });

  it("Daraja-like: GET with ?grant_type=client_credentials added to the URL's own query, Basic auth, no body, expires_in as a string", async () => {
    const server = await startLocalServer(issuing({ access_token: "tok-daraja", expires_in: "3599" }));
    const credentials: ClientCredentials = { tokenUrl: `${server.url}/oauth/v1/generate?version=1`, clientId: "consumer-key", secret: { from: "environment", value: SECRET }, auth: "basic", method: "GET", scope: undefined };
    const requester = tokenRequester({ credentials, secret: () => SECRET, timeoutMs: 1_000, now: () => SENT_AT });
    cleanups.push(() => requester.close(), () => server.close());
    expect(await requester.request()).toMatchObject({ ok: true, token: "tok-daraja", expiresAt: new Date(SENT_AT.getTime() + 3_599_000) });
    const request = lastRequest(server);
    expect(request?.method).toBe("GET");
    const url = new URL(request?.path ?? "", "http://x");
    expect(url.pathname).toBe("/oauth/v1/generate");
    expect(Object.fromEntries(url.searchParams)).toEqual({ version: "1", grant_type: "client_credentials" });
    expect(request?.body).toBe("");
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`consumer-key:${SECRET}`).toString("base64")}`);
  });

  it("body auth: client_id and client_secret in the form, no Authorization header, the scope when set", async () => {
    const { server, requester } = await requesterFor(issuing({ access_token: "tok-body", expires_in: 300 }), { auth: "body", scope: "enquiry:read" });
    expect(await requester.request()).toMatchObject({ ok: true, token: "tok-body" });
    const request = lastRequest(server);
    expect(request?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ grant_type: "client_credentials", scope: "enquiry:read", client_id: "api-user-1", client_secret: SECRET });
  });

  it("no expires_in: the JWT's exp when the token is one; none at all otherwise (kept until refused)", async () => {
    const exp = Math.floor(SENT_AT.getTime() / 1000) + 900;
    const token = jwt({ sub: "bot", exp });
    const { requester, server } = await requesterFor(issuing({ access_token: token, token_type: "Bearer" }));
    expect(await requester.request()).toMatchObject({ ok: true, token, expiresAt: new Date(exp * 1000) });
    server.handle(issuing({ access_token: "opaque-token" }));
    expect(await requester.request()).toEqual({ ok: true, token: "opaque-token", obtainedAt: SENT_AT, expiresAt: undefined });
  });

  it("the credentials refused (400 invalid_client, 401): refused, with the OAuth code and never the body's text", async () => {
    const { requester, server } = await requesterFor((_r, res) => json(res, 400, { error: "invalid_client", error_description: `client api-user-1 with secret ${SECRET} unknown` }));
    const refused = await requester.request();
    expect(refused).toEqual({ ok: false, kind: "refused", reason: "HTTP 400 invalid_client" });
    expect(JSON.stringify(refused)).not.toContain(SECRET);
    server.handle((_r, res) => json(res, 401, { errorCode: "400.008.01", errorMessage: "Invalid Authentication passed" }));
    expect(await requester.request()).toEqual({ ok: false, kind: "refused", reason: "HTTP 401 400.008.01" });
    server.handle((_r, res) => void res.writeHead(404, { "content-type": "text/html" }).end("<html>Not Found</html>"));
    expect(await requester.request()).toMatchObject({ ok: false, kind: "refused", reason: expect.stringMatching(/^HTTP 404: .*ENQUIRY_TOKEN_URL/) });
    // A redirect (http for https, a missing slash) is not followed, and not worth asking again soon.
    server.handle((_r, res) => void res.writeHead(301, { location: "https://elsewhere.example/oauth/token" }).end());
    expect(await requester.request()).toMatchObject({ ok: false, kind: "refused", reason: expect.stringMatching(/^HTTP 301: .*redirects.*ENQUIRY_TOKEN_URL/) });
    expect(server.requests).toHaveLength(4);
  });

  it("the endpoint in trouble (5xx, 429, a timeout, a garbled answer, no access_token): unavailable, worth another try", async () => {
    const { requester, server } = await requesterFor((_r, res) => json(res, 500, { error: "server_error" }), {}, {}, 300);
    expect(await requester.request()).toEqual({ ok: false, kind: "unavailable", reason: "HTTP 500" });
    server.handle((_r, res) => json(res, 429, { error: "slow_down" }));
    expect(await requester.request()).toEqual({ ok: false, kind: "unavailable", reason: "HTTP 429" });
    server.handle((_r, res) => void res.writeHead(200, { "content-type": "text/html" }).end("<html>gateway</html>"));
    expect(await requester.request()).toEqual({ ok: false, kind: "unavailable", reason: "the answer is not JSON" });
    server.handle((_r, res) => json(res, 200, { token_type: "Bearer" }));
    expect(await requester.request()).toEqual({ ok: false, kind: "unavailable", reason: "the answer holds no access_token" });
    server.handle(() => undefined);
    const started = performance.now();
    expect(await requester.request()).toEqual({ ok: false, kind: "unavailable", reason: "no answer within 300 ms" });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("an access_token that could not go in a header (a line break, a space, a character outside ASCII): a garbled answer, unavailable, never sent", async () => {
    const { requester, server } = await requesterFor(issuing({ access_token: "first-half\nsecond-half", expires_in: 3600 }));
    const garbled = { ok: false, kind: "unavailable", reason: "the answer's access_token cannot be sent in an HTTP header" };
    expect(await requester.request()).toEqual(garbled);
    for (const token of ["two words", "sandbox–ug", "tab\there", "nul\u0000"]) {
      server.handle(issuing({ access_token: token }));
      expect(await requester.request(), JSON.stringify(token)).toEqual(garbled);
    }
  });

  it("a header undici refuses to send (past the configuration's checks): refused at once, naming the header, and the only connection is not lost", async () => {
    const { requester, server } = await requesterFor(issuing({ access_token: "tok" }), {}, { "X-Target-Environment": "sandbox–ug" }, 500);
    for (let n = 1; n <= 3; n++) {
      const started = performance.now();
      expect(await requester.request(), `request ${n}`).toEqual({ ok: false, kind: "refused", reason: "not sent: invalid X-Target-Environment header" });
      expect(performance.now() - started).toBeLessThan(400);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("an endpoint that does not answer at all: a network failure, unavailable", async () => {
    const server = await startLocalServer(issuing({}));
    const url = server.url;
    await server.close();
    const credentials: ClientCredentials = { tokenUrl: `${url}/token`, clientId: "id", secret: { from: "environment", value: SECRET }, auth: "basic", method: "POST", scope: undefined };
    const requester = tokenRequester({ credentials, secret: () => SECRET, timeoutMs: 1_000 });
    cleanups.push(() => requester.close());
    expect(await requester.request()).toEqual({ ok: false, kind: "unavailable", reason: "network: ECONNREFUSED" });
  });

  it("a secret that cannot be read: refused, with the reason, and nothing sent", async () => {
    const server = await startLocalServer(issuing({ access_token: "never" }));
    const credentials: ClientCredentials = { tokenUrl: `${server.url}/token`, clientId: "id", secret: { from: "file", path: "/nowhere" }, auth: "basic", method: "POST", scope: undefined };
    const requester = tokenRequester({
      credentials,
      secret: () => {
        throw new Error("ENQUIRY_CLIENT_SECRET_FILE cannot be read (ENOENT)");
      },
      timeoutMs: 1_000,
    });
    cleanups.push(() => requester.close(), () => server.close());
    expect(await requester.request()).toEqual({ ok: false, kind: "refused", reason: "ENQUIRY_CLIENT_SECRET_FILE cannot be read (ENOENT)" });
    expect(server.requests).toHaveLength(0);
  });
});

describe("readTokenAnswer", () => {
  it("takes any token_type, and trims the token", () => {
    expect(readTokenAnswer(200, JSON.stringify({ access_token: " t ", token_type: "access_token", expires_in: 60 }), SENT_AT)).toMatchObject({ ok: true, token: "t" });
  });
  it("ignores an expires_in that is no number of seconds, and a JWT exp already past", () => {
    expect(readTokenAnswer(200, JSON.stringify({ access_token: "t", expires_in: "soon" }), SENT_AT)).toMatchObject({ ok: true, expiresAt: undefined });
    expect(readTokenAnswer(200, JSON.stringify({ access_token: "t", expires_in: -5 }), SENT_AT)).toMatchObject({ ok: true, expiresAt: undefined });
    const past = jwt({ exp: Math.floor(SENT_AT.getTime() / 1000) - 10 });
    expect(readTokenAnswer(200, JSON.stringify({ access_token: past }), SENT_AT)).toMatchObject({ ok: true, expiresAt: undefined });
  });
  it("an absurd lifetime (1e13, \"99999999999999\", 0.001, an exp a century away) never makes a date that cannot be, nor one that is already due: under 30 s counts as 30 s, past a year as no expiry, each with a note saying so", () => {
    const read = (body: Record<string, unknown>) => readTokenAnswer(200, JSON.stringify({ access_token: "t", ...body }), SENT_AT);
    const thirty = new Date(SENT_AT.getTime() + 30_000);
    expect(read({ expires_in: 1e13 })).toMatchObject({ ok: true, expiresAt: undefined, lifetimeNote: "expires_in says 10000000000000 s, more than a year: counted as no expiry" });
    expect(read({ expires_in: "99999999999999" })).toMatchObject({ ok: true, expiresAt: undefined, lifetimeNote: "expires_in says 99999999999999 s, more than a year: counted as no expiry" });
    expect(read({ expires_in: "1e13" })).toMatchObject({ ok: true, expiresAt: undefined });
    expect(read({ expires_in: 0.001 })).toMatchObject({ ok: true, expiresAt: thirty, lifetimeNote: "expires_in says 0.001 s, under 30 s: counted as 30 s" });
    expect(read({ expires_in: "12" })).toMatchObject({ ok: true, expiresAt: thirty, lifetimeNote: "expires_in says 12 s, under 30 s: counted as 30 s" });
    expect(read({ expires_in: "NaN" })).toMatchObject({ ok: true, expiresAt: undefined, lifetimeNote: "expires_in is not a number of seconds: left aside" });
    expect(read({ expires_in: 3600 })).toMatchObject({ ok: true, expiresAt: new Date(SENT_AT.getTime() + 3_600_000), lifetimeNote: undefined });
    const century = jwt({ exp: Math.floor(SENT_AT.getTime() / 1000) + 100 * 365 * 86_400 });
    expect(readTokenAnswer(200, JSON.stringify({ access_token: century }), SENT_AT)).toMatchObject({ ok: true, expiresAt: undefined, lifetimeNote: "the token's exp is more than a year away: counted as no expiry" });
    const soon = jwt({ exp: Math.floor(SENT_AT.getTime() / 1000) + 5 });
    expect(readTokenAnswer(200, JSON.stringify({ access_token: soon }), SENT_AT)).toMatchObject({ ok: true, expiresAt: thirty, lifetimeNote: "the token's exp is under 30 s away: counted as 30 s" });
    const beyondDates = jwt({ exp: 1e20 });
    expect(readTokenAnswer(200, JSON.stringify({ access_token: beyondDates }), SENT_AT)).toMatchObject({ ok: true, expiresAt: undefined });
  });

  it("never quotes a free-text error", () => {
    expect(readTokenAnswer(400, JSON.stringify({ error: "no <b>way</b> with spaces" }), SENT_AT)).toEqual({ ok: false, kind: "refused", reason: "HTTP 400" });
  });
});
