import { describe, expect, it } from "vitest";
import { isAllowed, type AccessPolicy } from "../../src/payments/access.ts";

const policy: AccessPolicy = { allowedUserIds: new Set([1]), allowedChatIds: new Set([-100]), allowEveryone: false };
const privateChat = (id: number) => ({ id, type: "private" as const });

describe("isAllowed", () => {
  it("allows a listed user in private chat only", () => {
    expect(isAllowed(policy, privateChat(1), 1)).toBe(true);
    expect(isAllowed(policy, privateChat(2), 2)).toBe(false);
  });
  it("allows any member of a listed group", () => {
    expect(isAllowed(policy, { id: -100, type: "supergroup" }, 999)).toBe(true);
    expect(isAllowed(policy, { id: -100, type: "group" }, undefined)).toBe(true);
  });
  it("refuses a listed user inside a group that is not listed", () => {
    expect(isAllowed(policy, { id: -200, type: "supergroup" }, 1)).toBe(false);
  });
  it("refuses channels and updates without a chat", () => {
    expect(isAllowed(policy, { id: -100, type: "channel" }, 1)).toBe(false);
    expect(isAllowed(policy, undefined, 1)).toBe(false);
  });
  it("allows every chat when open to everyone", () => {
    const open = { ...policy, allowEveryone: true };
    expect(isAllowed(open, privateChat(42), 42)).toBe(true);
    expect(isAllowed(open, { id: -5, type: "group" }, 42)).toBe(true);
  });
});
