import { describe, expect, it, vi } from "vitest";
import { updateClaims } from "../../../src/telegram/transport/update-claims.ts";
import { webhookReceiver } from "../../../src/telegram/transport/webhook.ts";
import { createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { messageUpdate } from "../../support/updates.ts";

function receiverFor(options: { latencyMs?: number; accepting?: () => boolean; maxConcurrent?: number; acknowledgeWithinMs?: number } = {}) {
  const enquiry = scriptedEnquiry(async (kind, id) => {
    await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 0));
    return outcomes.success(kind, id);
  });
  const harness = createTestBot({ enquiry });
  const claims = updateClaims({ claims: harness.state.claims, instanceId: "instance-a", logger: harness.logs.logger });
  const receiver = webhookReceiver({
    bot: harness.bot,
    claims,
    logger: harness.logs.logger,
    accepting: options.accepting ?? (() => true),
    acknowledgeWithinMs: options.acknowledgeWithinMs ?? 5_000,
    maxConcurrent: options.maxConcurrent ?? 500,
  });
  return { ...harness, enquiry, receiver, claims };
}

describe("webhook receiver", () => {
  it("acknowledges once the update is handled and answered", async () => {
    const { receiver, sent } = receiverFor({ latencyMs: 100 });
    expect(await receiver.receive(messageUpdate("/collection TX-1"))).toBe("acknowledge");
    expect(sent()).toHaveLength(1);
  });

  it("acknowledges a slow update after the bound, and still answers it", async () => {
    const { receiver, sent } = receiverFor({ latencyMs: 400, acknowledgeWithinMs: 100 });
    const started = Date.now();
    expect(await receiver.receive(messageUpdate("/collection TX-1"))).toBe("acknowledge");
    expect(Date.now() - started).toBeLessThan(350);
    expect(sent()).toHaveLength(0);
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
  });

  it("leaves updates with Telegram (retry later) while not accepting, and does not claim them", async () => {
    let accepting = false;
    const { receiver, sent } = receiverFor({ accepting: () => accepting });
    const update = messageUpdate("/collection TX-1");
    expect(await receiver.receive(update)).toBe("retry_later");
    accepting = true;
    expect(await receiver.receive(update)).toBe("acknowledge");
    expect(sent()).toHaveLength(1);
  });

  it("bounds how many updates are handled at once, as polling does", async () => {
    const { receiver, enquiry } = receiverFor({ latencyMs: 300, maxConcurrent: 2, acknowledgeWithinMs: 50 });
    expect(await receiver.receive(messageUpdate("/collection TX-1"))).toBe("acknowledge");
    expect(await receiver.receive(messageUpdate("/collection TX-2"))).toBe("acknowledge");
    expect(await receiver.receive(messageUpdate("/collection TX-3"))).toBe("retry_later");
    expect(receiver.inFlight).toBe(2);
    await vi.waitFor(() => expect(receiver.inFlight).toBe(0));
    expect(enquiry.calls).toHaveLength(2);
    expect(await receiver.receive(messageUpdate("/collection TX-3"))).toBe("acknowledge");
  });

  it("answers a redelivery once: 'retry later' while it is being handled, acknowledged without a second answer after", async () => {
    const { receiver, sent } = receiverFor({ latencyMs: 200, acknowledgeWithinMs: 1_000 });
    const update = messageUpdate("/collection TX-1");
    const first = receiver.receive(update);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await receiver.receive(update)).toBe("retry_later");
    expect(await first).toBe("acknowledge");
    expect(await receiver.receive(update)).toBe("acknowledge");
    expect(sent()).toHaveLength(1);
  });

  it("takes over the claim of an instance that died (no heartbeat), and never the claim of a live one", async () => {
    const { receiver, sent, state } = receiverFor();
    const update = messageUpdate("/collection TX-1");
    await state.claims.heartbeat("instance-b", 60_000);
    await state.claims.claim(`update:${update.update_id}`, "instance-b", 60_000);
    expect(await receiver.receive(update)).toBe("retry_later");
    const other = messageUpdate("/collection TX-2");
    await state.claims.claim(`update:${other.update_id}`, "instance-dead", 60_000);
    expect(await receiver.receive(other)).toBe("acknowledge");
    expect(sent()).toHaveLength(1);
  });
});
