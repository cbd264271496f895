import { describe, expect, it } from "vitest";
import { isAdmin, isAllowed, isAllowedPerson, NOTHING_GRANTED, type AccessPolicy } from "../../src/access/policy.ts";

const policy: AccessPolicy = { allowedUserIds: new Set([1]), allowedChatIds: new Set([-100]), allowEveryone: false, adminUserIds: new Set([9]), granted: NOTHING_GRANTED };
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
  it("allows admins, and users and groups granted from the chat, as it allows listed ones", () => {
    const granted = { ...policy, granted: { hasUser: (id: number) => id === 7, hasChat: (id: number) => id === -700 } };
    expect(isAllowed(granted, privateChat(9), 9)).toBe(true);
    expect(isAllowed(granted, privateChat(7), 7)).toBe(true);
    expect(isAllowedPerson(granted, 7)).toBe(true);
    expect(isAllowed(granted, { id: -700, type: "supergroup" }, 123)).toBe(true);
    expect(isAllowed(granted, { id: -800, type: "supergroup" }, 7)).toBe(false);
    // A granted group upgraded to a supergroup is known by its former ID until the grant moves.
    expect(isAllowed(granted, { id: -701, type: "supergroup" }, 123, -700)).toBe(true);
    expect(isAdmin(granted, 9)).toBe(true);
    expect(isAdmin(granted, 7)).toBe(false);
  });
});
