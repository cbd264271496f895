import { describe, expect, it } from "vitest";
import { covering, hoursOverlapping } from "../../src/util/time-buckets.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("which tallies cover a stretch of time", () => {
  it("reads whole hours inside it and minutes only at its edges", () => {
    const start = 1_000 * HOUR;
    const { minutes, hours } = covering(start - 30 * MINUTE, start + 2 * HOUR + 15 * MINUTE);
    expect(hours).toEqual([1_000, 1_001]);
    expect(minutes).toHaveLength(45);
    expect(minutes[0]).toBe(1_000 * 60 - 30);
    expect(minutes.at(-1)).toBe(1_002 * 60 + 14);
  });

  it("uses minutes alone when no whole hour fits, and rounds the edges outwards", () => {
    const start = 1_000 * HOUR + 10 * MINUTE + 5_000;
    expect(covering(start, start + 5 * MINUTE)).toEqual({ minutes: [60_010, 60_011, 60_012, 60_013, 60_014, 60_015], hours: [] });
    expect(hoursOverlapping(start, start + HOUR)).toEqual([1_000, 1_001]);
  });
});
