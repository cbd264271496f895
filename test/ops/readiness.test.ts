import { describe, expect, it } from "vitest";
import { inspectToken } from "../../src/payments/enquiry/service-token.ts";
import { assessReadiness } from "../../src/ops/readiness.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const jwt = (exp: number) => ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify({ exp })).toString("base64url"), "c2ln"].join(".");
const valid = inspectToken(jwt(NOW.getTime() / 1000 + 7 * 86_400));

describe("assessReadiness", () => {
  it("is not ready while starting or shutting down", () => {
    expect(assessReadiness({ mode: "polling", started: false, stopping: false, token: valid }, NOW)).toMatchObject({ ready: false, reason: "starting" });
    expect(assessReadiness({ mode: "polling", started: true, stopping: true, token: valid }, NOW)).toMatchObject({ ready: false, reason: "shutting down" });
  });
  it("is ready once started with a valid token", () => {
    expect(assessReadiness({ mode: "webhook", started: true, stopping: false, token: valid }, NOW)).toMatchObject({ ready: true, details: { mode: "webhook", token: "ok" } });
  });
  it("is not ready with an expired or missing token", () => {
    const expired = inspectToken(jwt(NOW.getTime() / 1000 - 60));
    expect(assessReadiness({ mode: "polling", started: true, stopping: false, token: expired }, NOW)).toMatchObject({ ready: false, reason: "service token expired" });
    expect(assessReadiness({ mode: "polling", started: true, stopping: false, token: inspectToken(undefined) }, NOW)).toMatchObject({ ready: false, reason: "service token missing" });
  });
  it("stays ready, while reporting it, when the token expires soon or is not a JWT", () => {
    const soon = inspectToken(jwt(NOW.getTime() / 1000 + 3600));
    expect(assessReadiness({ mode: "polling", started: true, stopping: false, token: soon }, NOW)).toMatchObject({ ready: true, details: { token: "expires_soon" } });
    expect(assessReadiness({ mode: "polling", started: true, stopping: false, token: inspectToken("opaque") }, NOW)).toMatchObject({ ready: true, details: { token: "not_jwt" } });
  });
});
