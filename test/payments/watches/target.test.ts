import { describe, expect, it } from "vitest";
import type { WatchSchedule } from "../../../src/payments/watches/schedule.ts";
import { applyCheck, decodeTarget, encodeTarget, forChat, subscribe, unsubscribe, type NewWatch, type Target } from "../../../src/payments/watches/target.ts";
import { outcomes } from "../../support/outcomes.ts";

const schedule: WatchSchedule = { firstCheckMs: 15_000, maxIntervalMs: 600_000, maxAgeMs: 24 * 3_600_000, notFoundMs: 30 * 60_000 };
const T0 = Date.parse("2026-11-22T08:00:00Z");
const ref = { scope: "collection" as const, transactionId: "TX-1" };
const middle = () => 0.5;
const watcher = (userId: number, chatId = userId, messageId = 77): NewWatch => ({
  chatId,
  chatType: chatId < 0 ? "supergroup" : "private",
  messageId,
  locale: "en",
  subscriber: { userId, name: `User ${userId}` },
});
const watched = (...watches: NewWatch[]): Target => watches.reduce<Target | undefined>((target, watch) => subscribe(target, ref, watch, T0, schedule).target, undefined) as Target;

describe("watching a target", () => {
  it("starts a target with its first check due WATCH_FIRST_CHECK_SECONDS later", () => {
    const { target, added } = subscribe(undefined, ref, watcher(1), T0, schedule);
    expect(added).toBe(true);
    expect(target).toMatchObject({ scope: "collection", transactionId: "TX-1", checks: 0, nextCheckAt: T0 + 15_000, notices: [] });
    expect(target.watches).toEqual([{ chatId: 1, chatType: "private", messageId: 77, startedAt: T0, locale: "en", subscribers: [{ userId: 1, name: "User 1" }] }]);
  });

  it("adds each group member who presses as a subscriber of the chat's one watch, and nobody twice", () => {
    const group = -100;
    const target = watched(watcher(1, group), watcher(2, group));
    expect(target.watches).toHaveLength(1);
    expect(target.watches[0]?.subscribers.map((s) => s.userId)).toEqual([1, 2]);
    expect(subscribe(target, ref, watcher(2, group), T0, schedule).added).toBe(false);
  });

  it("restarts the backoff for a new watcher, never pushing the next check later", () => {
    const target = { ...watched(watcher(1)), checks: 6, nextCheckAt: T0 + 500_000 };
    const later = subscribe(target, ref, watcher(2), T0 + 100_000, schedule).target;
    expect(later).toMatchObject({ checks: 0, nextCheckAt: T0 + 115_000 });
  });

  it("removes only the presser's subscription; the chat's watch goes with its last subscriber", () => {
    const group = -100;
    const target = watched(watcher(1, group), watcher(2, group), watcher(3));
    const one = unsubscribe(target, group, 1);
    expect(one.removed).toBe(true);
    expect(one.target.watches.map((w) => w.subscribers.map((s) => s.userId))).toEqual([[2], [3]]);
    expect(unsubscribe(one.target, group, 2).target.watches.map((w) => w.chatId)).toEqual([3]);
    expect(unsubscribe(target, group, 99).removed).toBe(false);
  });

  it("ends a chat's watches when the bot is blocked there, or moves them to the chat's new ID", () => {
    const target = watched(watcher(1, -100), watcher(2));
    expect(forChat(target, -100, { drop: true }).watches.map((w) => w.chatId)).toEqual([2]);
    expect(forChat(target, -100, { moveTo: -100200 }).watches.map((w) => [w.chatId, w.chatType])).toEqual([
      [-100200, "supergroup"],
      [2, "private"],
    ]);
  });
});

describe("a check's outcome", () => {
  it("turns a settled payment into one notice per chat, with the final answer and every subscriber, and ends the watches", () => {
    const target = watched(watcher(1, -100), watcher(2, -100), watcher(3));
    const final = outcomes.success("collection", "TX-1");
    const { target: after, moved, paused } = applyCheck(target, [final], T0 + 15_000, schedule, middle);
    expect(paused).toBe(false);
    expect(moved).toEqual([]);
    expect(after.watches).toEqual([]);
    expect(after.notices.map((n) => [n.reason, n.chatId, n.subscribers.map((s) => s.userId), n.outcomes])).toEqual([
      ["settled", -100, [1, 2], [final]],
      ["settled", 3, [3], [final]],
    ]);
  });

  it.each([
    ["pending", outcomes.pending("collection", "TX-1")],
    ["a timeout", outcomes.timeout("collection", "TX-1")],
    ["a busy service", outcomes.busy("collection", "TX-1")],
    ["a service error", outcomes.upstreamError("collection", "TX-1")],
    ["an unreadable answer", outcomes.invalid("collection", "TX-1")],
  ])("keeps watching after %s, and backs off", (_, outcome) => {
    const target = watched(watcher(1));
    const first = applyCheck(target, [outcome], T0 + 15_000, schedule, middle).target;
    expect(first).toMatchObject({ checks: 1, nextCheckAt: T0 + 15_000 + 30_000, notices: [] });
    expect(first.watches).toHaveLength(1);
    const second = applyCheck(first, [outcome], T0 + 45_000, schedule, middle).target;
    expect(second).toMatchObject({ checks: 2, nextCheckAt: T0 + 45_000 + 60_000 });
  });

  it("pauses on a rejected token: nothing changes but the time of the next check, and nobody is told", () => {
    const target = watched(watcher(1));
    const result = applyCheck(target, [outcomes.unauthorized("collection", "TX-1")], T0 + 15_000, schedule, middle);
    expect(result.paused).toBe(true);
    expect(result.target).toMatchObject({ checks: 0, notices: [], watches: target.watches });
  });

  it("watches an unknown ID for WATCH_NOT_FOUND_MINUTES, then gives up with a notice", () => {
    let target = watched(watcher(1));
    const missing = outcomes.notFound("collection", "TX-1");
    target = applyCheck(target, [missing], T0 + 15_000, schedule, middle).target;
    expect(target.notFoundSince).toBe(T0 + 15_000);
    target = applyCheck(target, [missing], T0 + 29 * 60_000, schedule, middle).target;
    expect(target.watches).toHaveLength(1);
    target = applyCheck(target, [missing], T0 + 15_000 + 30 * 60_000, schedule, middle).target;
    expect(target.watches).toEqual([]);
    expect(target.notices.map((n) => [n.reason, n.chatId])).toEqual([["not_found", 1]]);
  });

  it("starts the not-found window again once the service knows the ID", () => {
    let target = watched(watcher(1));
    target = applyCheck(target, [outcomes.notFound("collection", "TX-1")], T0 + 15_000, schedule, middle).target;
    target = applyCheck(target, [outcomes.pending("collection", "TX-1")], T0 + 20 * 60_000, schedule, middle).target;
    expect(target.notFoundSince).toBeUndefined();
  });

  it("gives up after WATCH_MAX_HOURS with the last status, for the references to quote", () => {
    const target = watched(watcher(1));
    const pending = outcomes.pending("collection", "TX-1");
    const after = applyCheck(target, [pending], T0 + 24 * 3_600_000, schedule, middle).target;
    expect(after.watches).toEqual([]);
    expect(after.notices).toMatchObject([{ reason: "max_age", chatId: 1, outcomes: [pending] }]);
  });

  it("drops nothing from a chat that was already notified, and never notifies a chat twice for one reason", () => {
    const target = watched(watcher(1));
    const once = applyCheck(target, [outcomes.success("collection", "TX-1")], T0 + 15_000, schedule, middle).target;
    const again = applyCheck({ ...once, watches: target.watches }, [outcomes.success("collection", "TX-1")], T0 + 16_000, schedule, middle).target;
    expect(again.notices).toHaveLength(1);
  });
});

describe("a payment watched on both kinds (/watch)", () => {
  const both = { scope: "status" as const, transactionId: "TX-9" };
  const start = () => subscribe(undefined, both, watcher(1), T0, schedule).target;

  it("is checked on both kinds until one knows it, then only on that kind", () => {
    const result = applyCheck(start(), [outcomes.notFound("collection", "TX-9"), outcomes.pending("airtime", "TX-9")], T0 + 15_000, schedule, middle);
    expect(result.moved.map((m) => [m.scope, m.watches.map((w) => w.chatId)])).toEqual([["airtime", [1]]]);
    expect(result.target.watches).toEqual([]);
  });

  it("treats two kinds that both know the ID as two payments, each notified once", () => {
    const result = applyCheck(start(), [outcomes.success("collection", "TX-9"), outcomes.failed("airtime", "TX-9")], T0 + 15_000, schedule, middle);
    expect(result.target.notices.map((n) => [n.id, n.outcomes[0]?.kind])).toEqual([
      ["settled:collection:1", "collection"],
      ["settled:airtime:1", "airtime"],
    ]);
    expect(result.moved).toEqual([]);
  });

  it("notifies a kind that settled and keeps watching the one still open", () => {
    const result = applyCheck(start(), [outcomes.success("collection", "TX-9"), outcomes.pending("airtime", "TX-9")], T0 + 15_000, schedule, middle);
    expect(result.target.notices.map((n) => n.id)).toEqual(["settled:collection:1"]);
    expect(result.moved.map((m) => m.scope)).toEqual(["airtime"]);
  });

  it("gives up once, for both kinds, when neither knows the ID in time", () => {
    let target = start();
    const missing = [outcomes.notFound("collection", "TX-9"), outcomes.notFound("airtime", "TX-9")];
    target = applyCheck(target, missing, T0 + 15_000, schedule, middle).target;
    target = applyCheck(target, missing, T0 + 15_000 + 30 * 60_000, schedule, middle).target;
    expect(target.notices.map((n) => [n.reason, n.outcomes.length])).toEqual([["not_found", 2]]);
  });

  it("does not count 'not found' while one kind cannot tell", () => {
    const target = applyCheck(start(), [outcomes.notFound("collection", "TX-9"), outcomes.timeout("airtime", "TX-9")], T0 + 15_000, schedule, middle).target;
    expect(target.notFoundSince).toBeUndefined();
  });
});

describe("stored targets", () => {
  it("come back as they were written", () => {
    const target = applyCheck(watched(watcher(1), watcher(2, -5)), [outcomes.failed("collection", "TX-1", "Wrong PIN")], T0 + 1, schedule, middle).target;
    expect(decodeTarget(encodeTarget(target))).toEqual(target);
  });

  it("are absent when unreadable", () => {
    expect(decodeTarget("{not json")).toBeUndefined();
    expect(decodeTarget(JSON.stringify({ scope: "other" }))).toBeUndefined();
    expect(decodeTarget(undefined)).toBeUndefined();
  });
});
