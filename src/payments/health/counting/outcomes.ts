import { paymentState, type EnquiryOutcome } from "../../enquiry/types.ts";

/** What an enquiry came to, as the health figures count it. */
export const HEALTH_OUTCOMES = ["success", "failed", "not-final", "not-found", "timeout", "busy", "service-error", "token-rejected", "unreadable"] as const;
export type HealthOutcome = (typeof HEALTH_OUTCOMES)[number];

/**
 * The provider gave no usable answer: what makes it degraded or down. A rejected token is the
 * bot's own trouble (it has its own alert), and an unknown ID is an answer.
 */
export const COULD_NOT_CHECK: ReadonlySet<HealthOutcome> = new Set<HealthOutcome>(["timeout", "busy", "service-error", "unreadable"]);

export function healthOutcome(outcome: EnquiryOutcome): HealthOutcome {
  switch (outcome.type) {
    case "found": {
      const state = paymentState(outcome.transaction);
      return state === "not_final" ? "not-final" : state;
    }
    case "not_found":
      return "not-found";
    case "timeout":
      return "timeout";
    case "busy":
      return "busy";
    case "upstream_error":
      // Credentials the provider refuses are the bot's own trouble, told to the admins on their own.
      return outcome.hint === "token_refused" ? "token-rejected" : "service-error";
    case "unauthorized":
      return "token-rejected";
    case "invalid_response":
      return "unreadable";
  }
}
