import { describe, expect, it } from "vitest";
import { captureLogs } from "./support/logs.ts";

/**
 * Log lines are JSON: pino writes a newline, a tab, a carriage return, a quote and a backslash
 * escaped. A secret with one of them inside, or standing next to one, must be masked all the same,
 * short or long, and the line must stay JSON.
 */
const SHORT = ["a\nb", "\tk9", "q7\r", 'x"y', "z\\w", "pass"];
const LONG = ["long-secret\nwith-a-break-0123", "\tlong-secret-with-a-tab-0123", 'long"secret\\with-both-0123456'];

/** Where a secret stands, as a whole value: every neighbour an escape or a space. */
const PLACES: ((secret: string) => string)[] = [
  (secret) => secret,
  (secret) => `before ${secret} after`,
  (secret) => `line one\n${secret}\nline three`,
  (secret) => `\t${secret}\t`,
  (secret) => `\r${secret}\r\n`,
  (secret) => `"${secret}"`,
  (secret) => `\\${secret}\\`,
  (secret) => `said: "${secret}"\n\t(twice: ${secret})`,
];

describe("logger masking of JSON-escaped secrets", () => {
  for (const secret of [...SHORT, ...LONG]) {
    it(`masks ${JSON.stringify(secret)} wherever it stands as a whole value, in any field, and leaves the line JSON`, () => {
      const { logger, lines } = captureLogs([secret]);
      for (const place of PLACES) {
        const text = place(secret);
        logger.info({ detail: text, nested: { list: [text] } }, text);
      }
      expect(lines).toHaveLength(PLACES.length);
      lines.forEach((line, index) => {
        const expected = PLACES[index]!(secret).split(secret).join("[REDACTED]");
        const entry = JSON.parse(line) as { msg: string; detail: string; nested: { list: string[] } };
        expect({ msg: entry.msg, detail: entry.detail, item: entry.nested.list[0] }).toEqual({ msg: expected, detail: expected, item: expected });
        expect(line).not.toContain(JSON.stringify(secret).slice(1, -1));
      });
    });
  }

  it("masks a long secret glued to other letters, escaped, and a short one glued to letters stays (it is a word)", () => {
    const { logger, entries } = captureLogs([LONG[0]!, "a\nb"]);
    logger.info({ url: `/v1/tok${LONG[0]!}x`, word: "xa\nby" }, "glued");
    expect(entries()[0]).toMatchObject({ url: "/v1/tok[REDACTED]x", word: "xa\nby" });
  });

  it("masks a secret inside a JSON body quoted in a log line (escaped twice)", () => {
    const { logger, lines } = captureLogs(['x"y']);
    logger.warn({ body: JSON.stringify({ error: "refused", sent: 'x"y' }) }, "provider said");
    expect(JSON.parse((JSON.parse(lines[0]!) as { body: string }).body)).toEqual({ error: "refused", sent: "[REDACTED]" });
  });

  it("does not mistake an escape for the letters of a secret (n after a backslash is a line break)", () => {
    const { logger, entries } = captureLogs(["n1", "t"]);
    logger.info({ detail: "x\n1 and \t and n1" }, "escapes");
    expect(entries()[0]).toMatchObject({ detail: "x\n1 and \t and [REDACTED]" });
  });
});
