import { z } from "zod";
import { fitsInBearerHeader } from "../../payments/enquiry/http-header.ts";
import { basicAuthorization, type ClientCredentials } from "../../payments/service-token/token-request.ts";
import { optional, presentIn, secretValue, trimmed, urlWith, withDefault, type Environment } from "../values.ts";

/** Exactly one way to have the service token: given, in a file, or obtained by the bot itself (client credentials). */
export type TokenSource = { source: "environment"; value: string } | { source: "file"; path: string } | { source: "client_credentials"; credentials: ClientCredentials };

export const serviceTokenVariables = z.object({
  ENQUIRY_TOKEN: optional(trimmed.refine(fitsInBearerHeader, "must be the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)")),
  ENQUIRY_TOKEN_FILE: optional(trimmed),
  ENQUIRY_TOKEN_URL: optional(urlWith(["http:", "https:"], "must be the token endpoint's http(s) URL, such as https://sandbox.momodeveloper.mtn.com/collection/token/")),
  ENQUIRY_CLIENT_ID: optional(trimmed),
  ENQUIRY_CLIENT_SECRET: optional(secretValue),
  ENQUIRY_CLIENT_SECRET_FILE: optional(trimmed),
  ENQUIRY_TOKEN_AUTH: withDefault(trimmed.toLowerCase().pipe(z.enum(["basic", "body"], "must be basic (HTTP Basic of id:secret) or body (client_id and client_secret in the form)")), "basic"),
  ENQUIRY_TOKEN_METHOD: withDefault(trimmed.toUpperCase().pipe(z.enum(["POST", "GET"], "must be POST or GET")), "POST"),
  ENQUIRY_TOKEN_SCOPE: optional(trimmed),
});

/** Exactly one way to have a token; what only client credentials use, only with them. */
export function serviceTokenProblems(env: Environment): string[] {
  const present = presentIn(env);
  const problems: string[] = [];
  const ways = ["ENQUIRY_TOKEN", "ENQUIRY_TOKEN_FILE", "ENQUIRY_TOKEN_URL"].filter(present);
  if (ways.length === 0) {
    problems.push("ENQUIRY_TOKEN is required (or set ENQUIRY_TOKEN_FILE, or ENQUIRY_TOKEN_URL with ENQUIRY_CLIENT_ID and ENQUIRY_CLIENT_SECRET for the bot to obtain its own)");
  }
  if (ways.length > 1) problems.push(`${ways.slice(1).join(" and ")} cannot be set together with ${ways[0] ?? ""}: choose one way to have the service token`);
  const clientOnly = ["ENQUIRY_CLIENT_ID", "ENQUIRY_CLIENT_SECRET", "ENQUIRY_CLIENT_SECRET_FILE", "ENQUIRY_TOKEN_AUTH", "ENQUIRY_TOKEN_METHOD", "ENQUIRY_TOKEN_SCOPE"];
  if (!present("ENQUIRY_TOKEN_URL")) {
    for (const name of clientOnly.filter(present)) problems.push(`${name} is only used with ENQUIRY_TOKEN_URL, which is not set`);
    return problems;
  }
  if (!present("ENQUIRY_CLIENT_ID")) problems.push("ENQUIRY_CLIENT_ID is required when ENQUIRY_TOKEN_URL is set");
  if (!present("ENQUIRY_CLIENT_SECRET") && !present("ENQUIRY_CLIENT_SECRET_FILE")) {
    problems.push("ENQUIRY_CLIENT_SECRET is required when ENQUIRY_TOKEN_URL is set (or set ENQUIRY_CLIENT_SECRET_FILE instead)");
  }
  if (present("ENQUIRY_CLIENT_SECRET") && present("ENQUIRY_CLIENT_SECRET_FILE")) {
    problems.push("ENQUIRY_CLIENT_SECRET_FILE cannot be set together with ENQUIRY_CLIENT_SECRET: choose one");
  }
  const auth = (env.ENQUIRY_TOKEN_AUTH ?? "").trim().toLowerCase();
  const method = (env.ENQUIRY_TOKEN_METHOD ?? "").trim().toUpperCase();
  if (auth === "body" && method === "GET") {
    problems.push("ENQUIRY_TOKEN_AUTH=body cannot go with ENQUIRY_TOKEN_METHOD=GET: the secret would travel in the URL, where proxies log it; use basic");
  }
  return problems;
}

/** Only called once serviceTokenProblems found none, so the `?? ""` below are never used. */
export function tokenSource(env: z.output<typeof serviceTokenVariables>): TokenSource {
  if (env.ENQUIRY_TOKEN_FILE !== undefined) return { source: "file", path: env.ENQUIRY_TOKEN_FILE };
  if (env.ENQUIRY_TOKEN_URL === undefined) return { source: "environment", value: env.ENQUIRY_TOKEN ?? "" };
  return {
    source: "client_credentials",
    credentials: {
      tokenUrl: env.ENQUIRY_TOKEN_URL,
      clientId: env.ENQUIRY_CLIENT_ID ?? "",
      secret: env.ENQUIRY_CLIENT_SECRET_FILE === undefined ? { from: "environment", value: env.ENQUIRY_CLIENT_SECRET ?? "" } : { from: "file", path: env.ENQUIRY_CLIENT_SECRET_FILE },
      auth: env.ENQUIRY_TOKEN_AUTH,
      method: env.ENQUIRY_TOKEN_METHOD,
      scope: env.ENQUIRY_TOKEN_SCOPE,
    },
  };
}

/**
 * A client secret as it may appear anywhere: as written, form-encoded (a request body), and inside
 * the Basic credentials made of it (an Authorization header); a secret read from a file is added
 * the same way when it is read.
 */
export function clientSecretSpellings(clientId: string, secret: string): string[] {
  return [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), basicAuthorization(clientId, secret).slice("Basic ".length)];
}
