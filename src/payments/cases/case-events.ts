import type { Logger } from "../../logger.ts";
import type { Case, CasePerson } from "./case.ts";

/** Every change of a case, as the audit trail names it. */
export type CaseAction = "opened" | "joined" | "taken" | "resolved" | "settled" | "reminded" | "relayed" | "unreachable";

/** One audit line per change (`"event":"case"`): what happened to which case, and by whom. */
export type CaseAudit = (action: CaseAction, value: Case, by?: CasePerson, extra?: Record<string, unknown>) => void;

export function caseAudit(logger: Logger): CaseAudit {
  return (action, value, by, extra) =>
    logger.info(
      {
        audit: true,
        event: "case",
        action,
        case: value.number,
        kind: value.kind,
        transactionId: value.transactionId,
        ...(by ? { by: { id: by.userId, name: by.name } } : {}),
        ...extra,
      },
      "case changed",
    );
}
