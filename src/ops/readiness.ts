import { tokenHealth, type TokenStatus } from "../payments/enquiry/service-token.ts";
import type { Readiness } from "../server/http-server.ts";

export interface ReadinessState {
  mode: "polling" | "webhook";
  started: boolean;
  stopping: boolean;
  token: TokenStatus;
}

/**
 * Ready means worth sending traffic to: started, not shutting down, and holding a service token
 * that has not expired (an expired one makes every enquiry fail). A token that merely expires
 * soon, or whose expiry is unknown, is reported but does not make the bot unready.
 */
export function assessReadiness(state: ReadinessState, now: Date): Readiness {
  const health = tokenHealth(state.token, now);
  const details = { mode: state.mode, token: health, tokenExpiresAt: state.token.expiresAt?.toISOString() };
  if (!state.started) return { ready: false, reason: "starting", details };
  if (state.stopping) return { ready: false, reason: "shutting down", details };
  if (health === "missing" || health === "expired") return { ready: false, reason: `service token ${health}`, details };
  return { ready: true, details };
}
