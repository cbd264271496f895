import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR, pickLocale } from "../../src/telegram/i18n.ts";

const keysOf = (file: string) =>
  new Set(
    readFileSync(join(LOCALES_DIR, file), "utf8")
      .split("\n")
      .map((line) => /^([a-z][a-z0-9-]*)\s*=/.exec(line)?.[1])
      .filter((key): key is string => key !== undefined),
  );

describe("locales", () => {
  const files = readdirSync(LOCALES_DIR).filter((file) => file.endsWith(".ftl"));

  it("has English and French", () => {
    expect(files.sort()).toEqual(["en.ftl", "fr.ftl"]);
  });

  it.each(files)("%s has exactly the keys of en.ftl", (file) => {
    const reference = keysOf("en.ftl");
    const keys = keysOf(file);
    expect([...reference].filter((key) => !keys.has(key)), `missing in ${file}`).toEqual([]);
    expect([...keys].filter((key) => !reference.has(key)), `only in ${file}`).toEqual([]);
  });

  it("has every key the code uses", () => {
    const used = new Set<string>();
    // t("help"), and every quoted lower-case-with-hyphens string (all of which are keys there).
    const patterns = [/\bt\(\s*"([a-z][a-z0-9-]+)"/g, /"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"/g];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith(".ts")) {
          const source = readFileSync(path, "utf8");
          for (const pattern of patterns) for (const match of source.matchAll(pattern)) used.add(match[1] ?? "");
        }
      }
    };
    walk(join(LOCALES_DIR, ".."));
    walk(join(LOCALES_DIR, "../../app"));
    const reference = keysOf("en.ftl");
    expect([...used].filter((key) => !reference.has(key))).toEqual([]);
  });

  it("picks French for fr and fr-CA, English otherwise", () => {
    expect(pickLocale("fr", ["en", "fr"])).toBe("fr");
    expect(pickLocale("fr-CA", ["en", "fr"])).toBe("fr");
    expect(pickLocale("de", ["en", "fr"])).toBe("en");
    expect(pickLocale(undefined, ["en", "fr"])).toBe("en");
  });
});
