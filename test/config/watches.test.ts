import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: watches", () => {
  it("sets watches and the background budget from WATCH_* and ENQUIRY_MAX_PER_SECOND, decimals allowed for the give-up times", () => {
    const defaults = parseConfig(minimal);
    expect(defaults.ok && defaults.config.watches).toEqual({ firstCheckMs: 15_000, maxIntervalMs: 600_000, maxAgeMs: 86_400_000, notFoundMs: 1_800_000, maxPerUser: 50 });
    expect(defaults.ok && defaults.config.backgroundPerSecond).toBe(10);
    const tuned = parseConfig({ ...minimal, WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1", WATCH_MAX_HOURS: "0.5", WATCH_NOT_FOUND_MINUTES: "0.05", ENQUIRY_MAX_PER_SECOND: "1000" });
    expect(tuned.ok && tuned.config.watches).toMatchObject({ firstCheckMs: 1_000, maxIntervalMs: 1_000, maxAgeMs: 1_800_000, notFoundMs: 3_000 });
    const text = problems({ ...minimal, WATCH_FIRST_CHECK_SECONDS: "60", WATCH_MAX_INTERVAL_SECONDS: "30", ENQUIRY_MAX_PER_SECOND: "0", WATCH_MAX_PER_USER: "lots" }).join("\n");
    expect(text).toMatch(/WATCH_FIRST_CHECK_SECONDS must not be longer than WATCH_MAX_INTERVAL_SECONDS/);
    expect(text).toMatch(/ENQUIRY_MAX_PER_SECOND/);
    expect(text).toMatch(/WATCH_MAX_PER_USER must be a whole number/);
  });
});
