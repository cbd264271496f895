import type { ObtainedToken } from "../../payments/service-token/token-request.ts";
import { renewAt } from "../../payments/service-token/token-schedule.ts";
import type { Duration } from "./english.ts";

/**
 * What `npm run doctor` says of an obtained token's lifetime: how long it lives (✓), or, when the
 * provider's own words could not be taken as said (1e13 s, 0.001 s, not a number), what it said and
 * what the bot makes of it (✗: a provider that means something else than it says is worth asking).
 */
export function tokenLifetime(answer: Pick<ObtainedToken, "obtainedAt" | "expiresAt" | "lifetimeNote">, duration: Duration): { ok: boolean; text: string } {
  const obtainedAt = answer.obtainedAt.getTime();
  const lives = answer.expiresAt === undefined ? undefined : answer.expiresAt.getTime() - obtainedAt;
  if (answer.lifetimeNote === undefined) {
    return { ok: true, text: lives === undefined ? "no expiry given (kept until the provider refuses it)" : `lives ${duration(lives)}; the bot renews it before it expires` };
  }
  const note = answer.lifetimeNote;
  let counted: string;
  if (lives === undefined) counted = note.endsWith("counted as no expiry") ? "each token kept until the provider refuses it" : "no expiry given: each token kept until the provider refuses it";
  else if (note.endsWith("counted as 30 s")) counted = `a new token about every ${duration((renewAt({ obtainedAt, expiresAt: obtainedAt + lives }) ?? obtainedAt + lives) - obtainedAt)}`;
  else counted = `the token's exp is used instead: it lives ${duration(lives)}`;
  return { ok: false, text: `its lifetime looks wrong: ${note} (${counted}); ask the provider what its tokens' expires_in should be` };
}
