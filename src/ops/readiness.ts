import type { TokenReport } from "../payments/service-token/client-credentials-token.ts";
import { tokenHealth, type TokenStatus } from "../payments/service-token/service-token.ts";
import type { Readiness } from "../server/http-server.ts";
import type { StateHealth } from "../state/ports.ts";
import { validDate } from "../util/valid-date.ts";

export type Phase = "starting" | "running" | "stopping";

export interface ReadinessState {
  mode: "polling" | "webhook";
  phase: Phase;
  token: TokenStatus;
  /** Where the token comes from, when it was obtained, and why no new one came (production). */
  tokenReport?: TokenReport | undefined;
  state: StateHealth;
  /** Polling with shared state: whether this instance polls (leader) or waits to take over (standby). */
  role?: "leader" | "standby" | undefined;
}

/**
 * Ready means worth sending traffic to: started, not shutting down, and holding a service token
 * that has not expired (an expired one makes every enquiry fail). A token that merely expires
 * soon, or whose expiry is unknown, is reported but does not make the bot unready; neither does a
 * state store outage, since commands are still answered (the body says "degraded", and why).
 */
export function assessReadiness(current: ReadinessState, now: Date): Readiness {
  const report = current.tokenReport;
  const obtained = report?.source === "client_credentials";
  // A token the bot obtains itself is judged by whether it has one to send, not by the JWT it may be.
  const health = obtained ? (report.usable ? "ok" : "missing") : tokenHealth(current.token, now);
  // A date that cannot be written is left out: /readyz never throws on one.
  const details: Record<string, unknown> = { mode: current.mode, token: health, tokenExpiresAt: validDate(obtained ? report.expiresAt : current.token.expiresAt)?.toISOString() };
  if (report) {
    details.tokenSource = report.source;
    const obtainedAt = validDate(report.obtainedAt);
    if (obtainedAt) details.tokenObtainedAt = obtainedAt.toISOString();
    if (report.problem) {
      const since = validDate(report.problem.since);
      details.tokenProblem = `${report.problem.kind === "refused" ? "credentials refused" : "token endpoint unavailable"}${since ? ` since ${since.toISOString()}` : ""}: ${report.problem.reason}`;
    }
  }
  if (current.role) details.role = current.role;
  details.state = current.state.status;
  if (current.state.status === "degraded") details.stateReason = current.state.reason;
  if (current.phase === "starting") return { ready: false, reason: "starting", details };
  if (current.phase === "stopping") return { ready: false, reason: "shutting down", details };
  if (obtained && !report.usable) return { ready: false, reason: report.problem ? `no service token: ${report.problem.reason}` : "no service token yet", details };
  if (health === "missing" || health === "expired") return { ready: false, reason: `service token ${health}`, details };
  return { ready: true, details };
}
