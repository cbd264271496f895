import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: limits", () => {
  it("takes BULK_MAX_IDS as a whole number from 1 to 10,000, 1,000 by default", () => {
    const defaults = parseConfig(minimal);
    expect(defaults.ok && defaults.config.bulkMaxIds).toBe(1000);
    const set = parseConfig({ ...minimal, BULK_MAX_IDS: "250" });
    expect(set.ok && set.config.bulkMaxIds).toBe(250);
    expect(problems({ ...minimal, BULK_MAX_IDS: "0" }).join()).toMatch(/BULK_MAX_IDS/);
    expect(problems({ ...minimal, BULK_MAX_IDS: "20000" }).join()).toMatch(/BULK_MAX_IDS/);
  });
});
