import { describe, expect, it } from "vitest";
import { accessButtons, type AccessPress } from "../../../src/telegram/buttons/access-buttons.ts";
import { CALLBACK_DATA_LIMIT } from "../../../src/telegram/buttons/codec.ts";

describe("access buttons", () => {
  it.each<AccessPress>([
    { action: "requestAccess" },
    { action: "approve", requestId: "user:5001" },
    { action: "deny", requestId: "chat:-1001234567890" },
    { action: "usersPage", page: 66 },
    { action: "revoke", kind: "chat", id: -1001234567890, page: 3 },
    { action: "uninvite", publicId: "aZ09_-aZ09" },
  ])("round-trip within Telegram's 64 bytes: %o", (press) => {
    const data = accessButtons.encode(press);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    expect(accessButtons.owns(data)).toBe(true);
    expect(accessButtons.decode(data)).toEqual({ type: "press", press });
  });

  it.each(["A:yes:user:abc", "A:yes:admin:1", "A:rev:x:1:0", "A:users:-1", "A:ask:more", "A:uninv:short", "A:"])("are refused when forged or malformed: %s", (data) => {
    expect(accessButtons.decode(data)).toEqual({ type: "unknown" });
  });

  it("leave other families' data to them", () => {
    expect(accessButtons.owns("rc:TX-1")).toBe(false);
  });
});
