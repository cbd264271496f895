import { describe, expect, it } from "vitest";
import { decodeAccessButton, encodeAccessButton, type AccessButton } from "../../../src/telegram/buttons/access-buttons.ts";
import { CALLBACK_DATA_LIMIT } from "../../../src/telegram/buttons/answer-buttons.ts";

describe("access buttons", () => {
  it.each<AccessButton>([
    { action: "ask" },
    { action: "approve", requestId: "user:5001" },
    { action: "deny", requestId: "chat:-1001234567890" },
    { action: "users", page: 66 },
    { action: "revoke", kind: "chat", id: -1001234567890, page: 3 },
    { action: "uninvite", publicId: "aZ09_-aZ09" },
  ])("round-trip within Telegram's 64 bytes: %o", (button) => {
    const data = encodeAccessButton(button);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    expect(decodeAccessButton(data)).toEqual(button);
  });

  it.each(["A:yes:user:abc", "A:yes:admin:1", "A:rev:x:1:0", "A:users:-1", "A:ask:more", "A:uninv:short", "rc:TX-1", "A:"])("are refused when forged or malformed: %s", (data) => {
    expect(decodeAccessButton(data)).toBeUndefined();
  });
});
