import type { CaseAudit } from "../../cases/case-events.ts";
import type { HistoryEvent } from "../entry.ts";
import type { HistoryRecorder } from "./recorder.ts";

/** The changes of a case that go on its payment's timeline (joining, reminders, relayed messages stay in the audit). */
const ON_THE_TIMELINE: Partial<Record<Parameters<CaseAudit>[0], Exclude<HistoryEvent, "answer">>> = { opened: "case-opened", taken: "case-taken", resolved: "case-resolved" };

/**
 * The cases' audit, which every change of a case goes through, also writing "case opened, taken,
 * resolved" on the payment's timeline: one place, whatever opened or closed it.
 */
export function auditIntoHistory(audit: CaseAudit, history: HistoryRecorder, now: () => number): CaseAudit {
  if (!history.on) return audit;
  return (action, value, by, extra) => {
    audit(action, value, by, extra);
    const event = ON_THE_TIMELINE[action];
    if (event === undefined) return;
    history.record({
      at: now(),
      event,
      kind: value.kind,
      transactionId: value.transactionId,
      who: by && { id: by.userId, name: by.name },
      // An agent opens a case in their private chat; the support team acts on its card.
      where: by && action === "opened" ? { chatId: by.userId, title: "private" } : undefined,
      how: "case",
      caseNumber: value.number,
    });
  };
}
