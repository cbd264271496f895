import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: the enquiry API", () => {
  it("reads ENQUIRY_HEADERS as a JSON object, refusing the bot's own headers, never quoting a value", () => {
    const result = parseConfig({ ...minimal, ENQUIRY_HEADERS: '{"X-Target-Environment":"mtnuganda","Ocp-Apim-Subscription-Key":"sub-key-0123"}' });
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.config.enquiry.headers).toEqual({ "X-Target-Environment": "mtnuganda", "Ocp-Apim-Subscription-Key": "sub-key-0123" });
    const without = parseConfig(minimal);
    expect(without.ok && without.config.enquiry.headers).toEqual({});
    for (const [headers, message] of [
      ["not json sub-key-0123", /ENQUIRY_HEADERS must be a JSON object/],
      ['["sub-key-0123"]', /ENQUIRY_HEADERS must be a JSON object/],
      ['{"Authorization":"Bearer sub-key-0123"}', /ENQUIRY_HEADERS cannot set Authorization: the bot sets it itself/],
      ['{"X-Key":42}', /ENQUIRY_HEADERS must give X-Key a string on one line/],
      ['{"X-Key":"sub-key-0123\\r\\nX-Evil: 1"}', /ENQUIRY_HEADERS must give X-Key a string on one line/],
      ['{"bad name":"sub-key-0123"}', /ENQUIRY_HEADERS has "bad name", which is not a header name/],
    ] as const) {
      const found = problems({ ...minimal, ENQUIRY_HEADERS: headers }).join("\n");
      expect(found, headers).toMatch(message);
      expect(found, headers).not.toContain("sub-key-0123");
    }
  });

  it("a header value HTTP does not allow (an en dash pasted from a web page, a character outside ASCII) or a header the HTTP client keeps for itself: a problem naming the header, never its value, listed with the others", () => {
    const found = problems({ ...minimal, ENQUIRY_TIMEOUT_MS: "5", ENQUIRY_HEADERS: '{"X-Target-Environment":"sandbox\u2013ug","X-Key":"caf\u00e9-sub-key","X-Fine":"mtnuganda"}' });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ENQUIRY_TIMEOUT_MS /),
        "ENQUIRY_HEADERS must give X-Target-Environment a value HTTP allows: character 8 is not printable ASCII (a dash or quote pasted from a web page?)",
        "ENQUIRY_HEADERS must give X-Key a value HTTP allows: character 4 is not printable ASCII (a dash or quote pasted from a web page?)",
      ]),
    );
    expect(found.join("\n")).not.toMatch(/sandbox|caf|sub-key|X-Fine/);
    for (const name of ["Expect", "Keep-Alive", "Upgrade", "TE"]) {
      expect(problems({ ...minimal, ENQUIRY_HEADERS: `{"${name}":"value-0123"}` })).toEqual([`ENQUIRY_HEADERS cannot set ${name}: it belongs to the HTTP connection, not to a request`]);
    }
  });

  it("accepts ENQUIRY_BASE_URL written with the API's own path, leaving that path out", () => {
    for (const [written, base, leftOut] of [
      ["https://api.provider.example", "https://api.provider.example", undefined],
      ["https://api.provider.example/gateway/", "https://api.provider.example/gateway", undefined],
      ["https://api.provider.example/api/v1", "https://api.provider.example", "/api/v1"],
      ["https://api.provider.example/api/v1/", "https://api.provider.example", "/api/v1"],
      ["https://api.provider.example/momo/api/v1/collection", "https://api.provider.example/momo", "/api/v1/collection"],
      ["https://api.provider.example/api/v1/airtime/enquiry", "https://api.provider.example", "/api/v1/airtime/enquiry"],
    ] as const) {
      const result = parseConfig({ ...minimal, ENQUIRY_BASE_URL: written });
      if (!result.ok) throw new Error(result.problems.join());
      expect({ base: result.config.enquiry.baseUrl, leftOut: result.config.enquiry.baseUrlLeftOut }, written).toEqual({ base, leftOut });
    }
  });

  it("keeps the total enquiry budget at least one attempt long", () => {
    expect(problems({ ...minimal, ENQUIRY_TIMEOUT_MS: "5000", ENQUIRY_TOTAL_TIMEOUT_MS: "1000" }).join()).toMatch(/ENQUIRY_TOTAL_TIMEOUT_MS/);
  });
});
