import { describe, expect, it } from "vitest";
import { inspectToken } from "../../src/payments/service-token/service-token.ts";
import { assessReadiness } from "../../src/ops/readiness.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const jwt = (exp: number) => ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify({ exp })).toString("base64url"), "c2ln"].join(".");
const valid = inspectToken(jwt(NOW.getTime() / 1000 + 7 * 86_400));
const OK = { status: "ok" } as const;

describe("assessReadiness", () => {
  it("is not ready while starting or shutting down", () => {
    expect(assessReadiness({ mode: "polling", phase: "starting", token: valid, state: OK }, NOW)).toMatchObject({ ready: false, reason: "starting" });
    expect(assessReadiness({ mode: "polling", phase: "stopping", token: valid, state: OK }, NOW)).toMatchObject({ ready: false, reason: "shutting down" });
  });
  it("is ready once started with a valid token", () => {
    expect(assessReadiness({ mode: "webhook", phase: "running", token: valid, state: OK }, NOW)).toMatchObject({ ready: true, details: { mode: "webhook", token: "ok" } });
  });
  it("is not ready with an expired or missing token", () => {
    const expired = inspectToken(jwt(NOW.getTime() / 1000 - 60));
    expect(assessReadiness({ mode: "polling", phase: "running", token: expired, state: OK }, NOW)).toMatchObject({ ready: false, reason: "service token expired" });
    expect(assessReadiness({ mode: "polling", phase: "running", token: inspectToken(undefined), state: OK }, NOW)).toMatchObject({ ready: false, reason: "service token missing" });
  });
  it("stays ready, while reporting it, when the token expires soon or is not a JWT", () => {
    const soon = inspectToken(jwt(NOW.getTime() / 1000 + 3600));
    expect(assessReadiness({ mode: "polling", phase: "running", token: soon, state: OK }, NOW)).toMatchObject({ ready: true, details: { token: "expires_soon" } });
    expect(assessReadiness({ mode: "polling", phase: "running", token: inspectToken("opaque"), state: OK }, NOW)).toMatchObject({ ready: true, details: { token: "not_jwt" } });
  });

  it("stays ready when the shared state store is away, saying it is degraded and why", () => {
    const degraded = { status: "degraded", reason: "connection to Redis lost" } as const;
    expect(assessReadiness({ mode: "webhook", phase: "running", token: valid, state: degraded }, NOW)).toMatchObject({
      ready: true,
      details: { state: "degraded", stateReason: "connection to Redis lost" },
    });
  });
  it("names the polling role when instances share the lease", () => {
    expect(assessReadiness({ mode: "polling", phase: "running", token: valid, state: OK, role: "standby" }, NOW)).toMatchObject({ ready: true, details: { role: "standby" } });
  });
});

describe("assessReadiness and dates that cannot be", () => {
  it("never throws on an Invalid Date (a token report from anywhere): the date is left out, the verdict stands", () => {
    const invalid = new Date(Number.NaN);
    const tokenReport = { source: "client_credentials", obtainedAt: invalid, expiresAt: invalid, usable: true, problem: { kind: "unavailable", reason: "HTTP 500", since: invalid } } as const;
    const readiness = assessReadiness({ mode: "webhook", phase: "running", token: { present: true, jwtShaped: true, expiresAt: invalid }, tokenReport, state: OK }, NOW);
    expect(readiness).toMatchObject({ ready: true, details: { tokenExpiresAt: undefined, tokenProblem: "token endpoint unavailable: HTTP 500" } });
    expect(readiness.details).not.toHaveProperty("tokenObtainedAt");
  });
});
