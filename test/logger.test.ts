import { describe, expect, it } from "vitest";
import { scrubSecrets, SecretSet } from "../src/logger.ts";
import { captureLogs } from "./support/logs.ts";

const BOT_TOKEN = "123456789:AAH-test-token-never-sent-anywhere_0123";
const SERVICE_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib3QifQ.sig-nature_value";

describe("logger redaction", () => {
  it("redacts secret fields by name", () => {
    const { logger, lines } = captureLogs();
    logger.info({ token: "abc-some-token", headers: { authorization: "Bearer xyz" }, config: { botToken: "zzz" } }, "with secrets");
    const text = lines.join("");
    expect(text).not.toMatch(/abc-some-token|xyz|zzz/);
    expect(text).toContain("[REDACTED]");
  });

  it("redacts secret fields by name in a child's bindings, one level down, and in headers at either level, leaving the rest and the caller's object alone", () => {
    const { logger, entries } = captureLogs();
    const fields = { secret: "s1", request: { token: "s2", id: 7, headers: { authorization: "s3", accept: "json" } }, headers: { "x-telegram-bot-api-secret-token": "s4" }, list: ["token"], token: undefined };
    logger.child({ botToken: "s5", updateId: 9 }).info(fields, "nested");
    const text = JSON.stringify(entries());
    expect(text).not.toMatch(/"s[1-5]"/);
    expect(entries()[0]).toMatchObject({ updateId: 9, secret: "[REDACTED]", botToken: "[REDACTED]", request: { token: "[REDACTED]", id: 7, headers: { authorization: "[REDACTED]", accept: "json" } }, list: ["token"] });
    expect(fields.request.token).toBe("s2");
  });

  it("redacts secret fields an error carries", () => {
    const { logger, entries } = captureLogs();
    logger.error({ err: Object.assign(new Error("refused"), { token: "s6", status: 401 }) }, "boom");
    expect(entries()[0]).toMatchObject({ err: { type: "Error", message: "refused", token: "[REDACTED]", status: 401 } });
  });

  it("keeps a renewed token's last few values masked, and does not grow with every renewal", () => {
    const secrets = new SecretSet();
    secrets.add("fixed-bot-token");
    for (let n = 1; n <= 1_000; n++) secrets.rotate("service token", [`token-${n}`]);
    secrets.rotate("service token", ["token-1000"]);
    const masked = scrubSecrets("token-1000 token-997 token-996 fixed-bot-token", secrets);
    expect(masked).toBe("[REDACTED] [REDACTED] token-996 [REDACTED]");
    expect([...secrets.values()]).toHaveLength(1 + 4);
  });

  it("masks secret values wherever they appear: messages, URLs, errors", () => {
    const { logger, lines } = captureLogs([BOT_TOKEN, SERVICE_TOKEN]);
    logger.error({ err: new Error(`request to https://api.telegram.org/bot${BOT_TOKEN}/sendMessage failed`) }, "boom");
    logger.warn(`auth header was Bearer ${SERVICE_TOKEN}`);
    logger.info({ nested: { deep: [`token=${SERVICE_TOKEN}`] } }, "nested");
    const text = lines.join("");
    expect(text).not.toContain(BOT_TOKEN);
    expect(text).not.toContain(SERVICE_TOKEN);
    expect(text).toContain("/bot[REDACTED]/sendMessage");
  });

  it("masks bot tokens and bearer credentials it was not told about", () => {
    const text = scrubSecrets("GET /bot987654321:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/getMe Authorization: Bearer abc.def.ghi", new SecretSet());
    expect(text).toBe("GET /bot[REDACTED]/getMe Authorization: Bearer [REDACTED]");
  });

  it("masks secrets of any length, and their JSON-escaped spelling", () => {
    const { logger, lines } = captureLogs(["s3c", 'pa"ss\\word']);
    logger.info({ detail: "the value s3c and pa\"ss\\word were here" }, "short secrets");
    const text = lines.join("");
    expect(text).not.toContain("s3c");
    expect(text).not.toContain('pa\\"ss');
    expect(text.match(/\[REDACTED\]/g)).toHaveLength(2);
  });

  it("masks a short secret only where it stands as a whole value (ENQUIRY_TOKEN=x leaves 'expiry' whole), and keeps every line JSON", () => {
    const { logger, lines } = captureLogs(["x", "k1", "1"]);
    logger.warn("service token is not JWT-shaped; its expiry cannot be checked");
    logger.info({ detail: "sent x to the provider, then x-ray and k10 and xk1, [x] a:x,1", key: "k1", attempt: 1, durationMs: 12, list: [1, 21, "1"] }, "extra x");
    const [warned, informed] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warned?.msg).toBe("service token is not JWT-shaped; its expiry cannot be checked");
    expect(informed).toMatchObject({
      msg: "extra [REDACTED]",
      detail: "sent [REDACTED] to the provider, then [REDACTED]-ray and k10 and xk1, [[REDACTED]] a:[REDACTED],[REDACTED]",
      key: "[REDACTED]",
      // A secret standing as a bare JSON value is masked as a string, so that the line stays JSON.
      attempt: "[REDACTED]",
      durationMs: 12,
      list: ["[REDACTED]", 21, "[REDACTED]"],
    });
  });

  it("a secret of 16 characters or more is masked wherever it is, even glued to a word (a token in a URL path)", () => {
    const secrets = new SecretSet();
    secrets.add(SERVICE_TOKEN);
    expect(scrubSecrets(`/v1/tok${SERVICE_TOKEN}x and ${SERVICE_TOKEN}`, secrets)).toBe("/v1/tok[REDACTED]x and [REDACTED]");
  });

  it("logs an error as an error: its type, stack and cause, still masked", () => {
    const { logger, entries } = captureLogs([SERVICE_TOKEN]);
    const cause = new Error(`rejected ${SERVICE_TOKEN}`);
    logger.error({ err: new TypeError("the outer failure", { cause }) }, "boom");
    const [entry] = entries() as { err: { type: string; message: string; stack: string } }[];
    expect(entry?.err.type).toBe("TypeError");
    expect(entry?.err.stack).toMatch(/TypeError: the outer failure\n\s+at /);
    expect(entry?.err.stack).toContain("caused by: Error: rejected [REDACTED]");
    expect(JSON.stringify(entry)).not.toContain(SERVICE_TOKEN);
  });
});
