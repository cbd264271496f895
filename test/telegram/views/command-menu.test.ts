import { describe, expect, it } from "vitest";
import { registerCommandMenu } from "../../../src/telegram/views/command-menu.ts";
import { createTestBot, translations } from "../../support/bot-harness.ts";
import { scriptedEnquiry, outcomes } from "../../support/outcomes.ts";

const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));

describe("command menu", () => {
  it("is registered for private chats and groups, in every language (English for everyone else)", async () => {
    const { bot, calls, logs } = createTestBot({ enquiry });
    await registerCommandMenu(bot.api, translations, logs.logger);
    const registrations = calls.filter((call) => call.method === "setMyCommands").map((call) => call.payload);
    const languages = ["default", ...translations.locales.filter((locale) => locale !== "en")];
    expect(languages).toEqual(expect.arrayContaining(["fr", "pt", "sw"]));
    expect(registrations.map((r) => [(r.scope as { type: string }).type, r.language_code ?? "default"]).sort()).toEqual(
      ["all_group_chats", "all_private_chats"].flatMap((scope) => languages.map((language) => [scope, language])).sort(),
    );
    const english = registrations.find((r) => !r.language_code)?.commands as { command: string; description: string }[];
    expect(english.map((c) => c.command)).toEqual(["collection", "airtime", "status", "watch", "watches", "unwatch", "receipt", "verify", "history", "mychecks", "health", "whoami", "language", "help"]);
    expect(english[0]?.description).toBe("Check a collection payment");
    const french = registrations.find((r) => r.language_code === "fr")?.commands as { description: string }[];
    expect(french[0]?.description).toBe("Vérifier un encaissement");
    // Each language's own words, for every command of the menu.
    for (const locale of languages.slice(1)) {
      const menu = registrations.find((r) => r.language_code === locale && (r.scope as { type: string }).type === "all_private_chats")?.commands as { command: string; description: string }[];
      expect(menu.map((c) => c.command)).toEqual(english.map((c) => c.command));
      menu.forEach((c, index) => expect(c.description, `${locale} /${c.command}`).not.toBe(english[index]?.description));
    }
  });

  it("logs a failure to register without failing", async () => {
    const { bot, logs } = createTestBot({ enquiry, failWith: (method) => (method === "setMyCommands" ? { error_code: 400, description: "Bad Request" } : undefined) });
    await expect(registerCommandMenu(bot.api, translations, logs.logger)).resolves.toBeUndefined();
    expect(logs.entries().some((entry) => entry.level === "warn" && String(entry.msg).includes("command menu"))).toBe(true);
  });
});
