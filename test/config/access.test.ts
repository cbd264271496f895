import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: who may use the bot", () => {
  it("takes Telegram IDs as Telegram gives them: 52 bits at most, never 0, no leading zero", () => {
    for (const bad of ["9999999999999999", "0", "-0", "007", "+5"]) {
      expect(problems({ ...minimal, ALLOWED_USER_IDS: `5001, ${bad}` }).join()).toMatch(/ALLOWED_USER_IDS ".*" is not a numeric Telegram ID/);
    }
    const result = parseConfig({ ...minimal, ALLOWED_CHAT_IDS: "-1004503599627, 4503599627370495" });
    expect(result.ok && [...result.config.access.allowedChatIds]).toEqual([-1004503599627, 4503599627370495]);
  });

  it("refuses to start open to everyone unless asked to", () => {
    expect(problems({ ...minimal, ALLOWED_USER_IDS: "" }).join()).toMatch(/ALLOW_EVERYONE=true/);
    const open = parseConfig({ ...minimal, ALLOWED_USER_IDS: "", ALLOW_EVERYONE: "true" });
    expect(open.ok && open.config.access.allowEveryone).toBe(true);
  });
});
