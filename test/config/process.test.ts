import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: the process", () => {
  it("takes BOT_TIMEZONE as an IANA name, UTC by default, and refuses an unknown one", () => {
    const defaults = parseConfig(minimal);
    expect(defaults.ok && defaults.config.timeZone).toBe("UTC");
    const accra = parseConfig({ ...minimal, BOT_TIMEZONE: "Africa/Accra" });
    expect(accra.ok && accra.config.timeZone).toBe("Africa/Accra");
    expect(problems({ ...minimal, BOT_TIMEZONE: "Mars/Olympus" }).join()).toMatch(/BOT_TIMEZONE must be an IANA time zone name/);
  });
});
