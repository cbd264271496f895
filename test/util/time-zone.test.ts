import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayKey, timeZone } from "../../src/util/time-zone.ts";

describe("time zones", () => {
  it("reads the wall clock of a zone, and finds the instant it shows a time", () => {
    const nairobi = timeZone("Africa/Nairobi");
    const at = Date.UTC(2026, 10, 24, 21, 30);
    expect(nairobi.wallClock(at)).toMatchObject({ year: 2026, month: 11, day: 25, hour: 0, minute: 30 });
    expect(nairobi.instantOf({ year: 2026, month: 11, day: 25, hour: 0, minute: 30 })).toBe(at);
    expect(nairobi.startOfDay(at)).toBe(Date.UTC(2026, 10, 24, 21, 0));
  });

  it("handles zones a half or three quarters of an hour off UTC", () => {
    expect(timeZone("Asia/Kolkata").startOfDay(Date.UTC(2026, 10, 24, 12))).toBe(Date.UTC(2026, 10, 23, 18, 30));
    expect(timeZone("Asia/Kathmandu").instantOf({ year: 2026, month: 11, day: 24, hour: 18, minute: 0 })).toBe(Date.UTC(2026, 10, 24, 12, 15));
  });

  it("takes a time skipped by summer time an hour later, and a repeated one at its first occurrence", () => {
    const paris = timeZone("Europe/Paris");
    // 29 March 2026: 02:00 → 03:00; 02:30 does not exist.
    expect(paris.instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 })).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 25 October 2026: 03:00 → 02:00; 02:30 happens twice.
    expect(paris.instantOf({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 })).toBe(Date.UTC(2026, 9, 25, 0, 30));
    // The day itself is 25 hours long.
    const day = paris.startOfDay(Date.UTC(2026, 9, 25, 12));
    expect(paris.startOfDay(Date.UTC(2026, 9, 26, 12)) - day).toBe(25 * 3_600_000);
  });

  it("adds days across months and years, and names days so that they sort", () => {
    const clock = { year: 2026, month: 12, day: 31, hour: 18, minute: 0 };
    expect(addDays(clock, 1)).toEqual({ year: 2027, month: 1, day: 1, hour: 18, minute: 0 });
    expect(addDays({ ...clock, month: 3, day: 1 }, -1)).toMatchObject({ month: 2, day: 28 });
    expect(dayKey({ ...clock, month: 3, day: 5 })).toBe("2026-03-05");
  });

  it("reads the same wall clock as Intl at any moment, summer time changes and odd offsets included", () => {
    const zones = ["Europe/Paris", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu", "Africa/Nairobi", "America/Sao_Paulo"];
    const exact = (zone: string, at: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" })
          .formatToParts(new Date(at))
          .filter((part) => part.type !== "literal")
          .map((part) => [part.type, Number(part.value)]),
      );
      return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
    };
    const read = new Map(zones.map((zone) => [zone, timeZone(zone)]));
    // Times near the changes of 2026 (within a day of them) as well as anywhere in a few decades.
    const changes = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 3, 5, 15), Date.UTC(2026, 9, 4, 15, 30), Date.UTC(2026, 2, 8, 5, 30), Date.UTC(2026, 10, 1, 3, 30)];
    const near = fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -86_400_000, max: 86_400_000 })).map(([change, delta]) => change + delta);
    const anywhere = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.oneof(near, anywhere), (zone, at) => {
        expect(read.get(zone)?.wallClock(at)).toEqual(exact(zone, at));
      }),
      { numRuns: 3000 },
    );
  });
});
