import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: the service token", () => {
  it("wants exactly one source for the service token", () => {
    expect(problems({ ...minimal, ENQUIRY_TOKEN_FILE: "/run/secrets/token" }).join()).toMatch(/ENQUIRY_TOKEN_FILE cannot be set together/);
    const fromFile = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_FILE: "/run/secrets/token" });
    expect(fromFile.ok && fromFile.config.enquiry.token).toEqual({ source: "file", path: "/run/secrets/token" });
  });

  it("takes client credentials as the third way to have a token, with their defaults: Basic auth, POST", () => {
    const result = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://momo.example/collection/token/", ENQUIRY_CLIENT_ID: "api-user", ENQUIRY_CLIENT_SECRET: "api-key-secret" });
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.config.enquiry.token).toEqual({
      source: "client_credentials",
      credentials: { tokenUrl: "https://momo.example/collection/token/", clientId: "api-user", secret: { from: "environment", value: "api-key-secret" }, auth: "basic", method: "POST", scope: undefined },
    });
    const daraja = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://d.example/oauth/v1/generate", ENQUIRY_CLIENT_ID: "key", ENQUIRY_CLIENT_SECRET_FILE: "/run/secrets/consumer", ENQUIRY_TOKEN_METHOD: "get", ENQUIRY_TOKEN_SCOPE: "read" });
    if (!daraja.ok) throw new Error(daraja.problems.join());
    expect(daraja.config.enquiry.token).toMatchObject({ credentials: { secret: { from: "file", path: "/run/secrets/consumer" }, method: "GET", auth: "basic", scope: "read" } });
  });

  it("wants exactly one way to have a token, and client settings only with ENQUIRY_TOKEN_URL, all listed at once", () => {
    const none = problems({ ...minimal, ENQUIRY_TOKEN: undefined }).join("\n");
    expect(none).toMatch(/ENQUIRY_TOKEN is required \(or set ENQUIRY_TOKEN_FILE, or ENQUIRY_TOKEN_URL with ENQUIRY_CLIENT_ID and ENQUIRY_CLIENT_SECRET/);
    expect(problems({ ...minimal, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s" }).join()).toMatch(/ENQUIRY_TOKEN_URL cannot be set together with ENQUIRY_TOKEN: choose one way/);
    const incomplete = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token" }).join("\n");
    expect(incomplete).toMatch(/ENQUIRY_CLIENT_ID is required when ENQUIRY_TOKEN_URL is set/);
    expect(incomplete).toMatch(/ENQUIRY_CLIENT_SECRET is required when ENQUIRY_TOKEN_URL is set/);
    const both = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s", ENQUIRY_CLIENT_SECRET_FILE: "/f" });
    expect(both).toEqual([expect.stringMatching(/^ENQUIRY_CLIENT_SECRET_FILE cannot be set together with ENQUIRY_CLIENT_SECRET/)]);
    const stray = problems({ ...minimal, ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "leftover-secret", ENQUIRY_TOKEN_METHOD: "GET" });
    expect(stray).toEqual([
      "ENQUIRY_CLIENT_ID is only used with ENQUIRY_TOKEN_URL, which is not set",
      "ENQUIRY_CLIENT_SECRET is only used with ENQUIRY_TOKEN_URL, which is not set",
      "ENQUIRY_TOKEN_METHOD is only used with ENQUIRY_TOKEN_URL, which is not set",
    ]);
    expect(stray.join()).not.toContain("leftover-secret");
    const leaky = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s", ENQUIRY_TOKEN_AUTH: "body", ENQUIRY_TOKEN_METHOD: "GET" });
    expect(leaky).toEqual([expect.stringMatching(/ENQUIRY_TOKEN_AUTH=body cannot go with ENQUIRY_TOKEN_METHOD=GET/)]);
    const wrong = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "ftp://t", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s", ENQUIRY_TOKEN_AUTH: "digest", ENQUIRY_TOKEN_METHOD: "PUT" }).join("\n");
    expect(wrong).toMatch(/ENQUIRY_TOKEN_URL must be the token endpoint's http\(s\) URL/);
    expect(wrong).toMatch(/ENQUIRY_TOKEN_AUTH must be basic/);
    expect(wrong).toMatch(/ENQUIRY_TOKEN_METHOD must be POST or GET/);
  });

  it("a token with a line break, a space or a character outside ASCII inside cannot go in a header: a problem, never the token", () => {
    for (const token of ["eyJhbGci\nOiJIUzI1NiJ9", "two words", "tok\u2013en"]) {
      const found = problems({ ...minimal, ENQUIRY_TOKEN: token });
      expect(found, JSON.stringify(token)).toEqual(["ENQUIRY_TOKEN must be the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)"]);
    }
    // Around it, spaces and line breaks are trimmed as before.
    expect(parseConfig({ ...minimal, ENQUIRY_TOKEN: " tok-en\n" }).ok).toBe(true);
  });
});
