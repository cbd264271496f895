import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { createChecker, createEnquiryEvents } from "../../src/payments/check.ts";
import { captureLogs } from "../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";

describe("the checker with a deadline (inline answers)", () => {
  it("answers what came in time, 'no answer in time' for the rest, and leaves nothing on the deadline once answered", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (id === "TX-SLOW" ? new Promise(() => undefined) : outcomes.success(kind, id)));
    const checker = createChecker({ enquiry, events: createEnquiryEvents(), auditInLog: false });
    const asker = { userId: 1, chatId: 1, via: "inline" as const, logger: captureLogs().logger };
    const deadline = new AbortController();
    // Twelve IDs on both kinds share one deadline, as an inline query's do.
    const ids = Array.from({ length: 12 }, (_, n) => `TX-${n}`);
    const answered = await checker.run({ scope: "status", ids }, asker, { deadline: deadline.signal });
    expect(answered.flatMap((result) => result.outcomes).every((outcome) => outcome.type === "found")).toBe(true);
    expect(getEventListeners(deadline.signal, "abort")).toHaveLength(0);

    const late = checker.run({ scope: "collection", ids: ["TX-SLOW"] }, asker, { deadline: deadline.signal });
    deadline.abort();
    expect((await late)[0]?.outcomes[0]).toMatchObject({ type: "timeout", transactionId: "TX-SLOW" });
    expect(getEventListeners(deadline.signal, "abort")).toHaveLength(0);
  });
});
