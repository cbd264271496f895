import { configSecrets, parseConfig, type Config } from "../../config.ts";
import { scrubSecrets, SecretSet } from "../../logger.ts";
import { enquiryAddress } from "../../payments/enquiry/enquiry-address.ts";
import { failed, passed, type CheckResult } from "./check.ts";
import { checkEnquiry, checkToken } from "./provider-check.ts";
import { checkStore } from "./store-check.ts";
import { checkTelegram } from "./telegram-check.ts";

export interface DoctorOptions {
  /** Where each line goes (stdout). */
  write: (line: string) => void;
  /** How long Telegram and the state store have to answer. */
  timeoutMs?: number;
}

/**
 * `npm run doctor`: checks, in order, what the bot needs, with the same configuration `npm start`
 * reads, and prints one line each, ✓ or ✗ with what to do. It sends no Telegram message (getMe
 * only) and prints no secret: every line goes through the same masking as the logs, with every
 * token it comes across added. Returns the exit code: 0 when everything holds.
 */
export async function runDoctor(env: Readonly<Record<string, string | undefined>>, { write, timeoutMs = 10_000 }: DoctorOptions): Promise<number> {
  const secrets = new SecretSet();
  const results: CheckResult[] = [];
  const print = (result: CheckResult) => {
    results.push(result);
    write(scrubSecrets(`${result.ok ? "✓" : "✗"} ${result.label}: ${result.detail}`, secrets));
    for (const more of result.more ?? []) write(scrubSecrets(`    ${more}`, secrets));
  };

  const parsed = parseConfig(env);
  if (!parsed.ok) {
    print(failed("Configuration", `${parsed.problems.length} problem${parsed.problems.length === 1 ? "" : "s"}: fix them in .env or the environment (see .env.example); nothing else was checked`, parsed.problems.map((problem) => `- ${problem}`)));
    return 1;
  }
  const { config } = parsed;
  configSecrets(config).forEach((secret) => secrets.add(secret));
  print(configuration(config));
  print(await checkTelegram(config.telegram, timeoutMs));
  print(await checkStore(config.state, Math.min(timeoutMs, 5_000)));
  const { result, token } = await checkToken(config.enquiry, secrets);
  print(result);
  for (const kind of ["collection", "airtime"] as const) print(await checkEnquiry(config.enquiry, kind, token));

  const failures = results.filter((check) => !check.ok).length;
  write(failures === 0 ? "All checks passed: `npm start` should run." : `${failures} check${failures === 1 ? "" : "s"} failed: fix ${failures === 1 ? "it" : "them"}, then run npm run doctor again.`);
  return failures === 0 ? 0 : 1;
}

function configuration(config: Config): CheckResult {
  const store = config.state.kind === "sqlite" ? `state in SQLite (${config.state.path})` : `state in Redis (${"url" in config.state.connection ? "REDIS_URL" : "Sentinel"}, prefix ${config.state.prefix})`;
  const token = { environment: "token from ENQUIRY_TOKEN", file: "token from ENQUIRY_TOKEN_FILE", client_credentials: "token obtained by the bot (ENQUIRY_TOKEN_URL)" }[config.enquiry.token.source];
  const more =
    config.enquiry.baseUrlLeftOut === undefined
      ? undefined
      : [`ENQUIRY_BASE_URL ends with ${config.enquiry.baseUrlLeftOut}, which the bot adds itself: it calls ${enquiryAddress(config.enquiry.baseUrl, "collection")} and ${enquiryAddress(config.enquiry.baseUrl, "airtime")}`];
  return { ...passed("Configuration", `parses (${config.transport.mode}, ${store}, ${token})`), ...(more ? { more } : {}) };
}
