import { configSecrets, CONFIG_VARIABLES, parseConfig, type Config } from "../../config/config.ts";
import { enquiryVariables } from "../../config/areas/enquiry.ts";
import { scrubSecrets, SecretSet } from "../../logger.ts";
import { enquiryAddress, enquiryBase } from "../../payments/enquiry/enquiry-address.ts";
import { passed, type CheckResult } from "./check.ts";
import { checkEnquiry, checkToken } from "./provider-check.ts";
import { checkStore } from "./store-check.ts";
import { checkTelegram } from "./telegram-check.ts";

export interface DoctorOptions {
  /** Where each line goes (stdout). */
  write: (line: string) => void;
  /** How long Telegram and the state store have to answer. */
  timeoutMs?: number;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * What each check reads of the configuration, and values that stand in for everything else: with
 * a problem elsewhere in the configuration, a check whose own variables are right still runs.
 */
const PARTS = {
  telegram: { owns: /^TELEGRAM_/, label: "Telegram" },
  store: { owns: /^(STATE_DB|REDIS_)/, label: "State store" },
  provider: { owns: /^ENQUIRY_/, label: "Service token" },
} as const;
type Part = keyof typeof PARTS;
const STAND_INS: Record<string, string> = {
  TELEGRAM_BOT_TOKEN: "1:doctor-stand-in-never-sent-anywhere",
  STATE_DB: ":memory:",
  ENQUIRY_BASE_URL: "http://doctor-stand-in.invalid",
  ENQUIRY_TOKEN: "doctor-stand-in-never-sent-anywhere",
  ALLOW_EVERYONE: "true",
};

/**
 * `npm run doctor`: checks, in order, what the bot needs, with the same configuration `npm start`
 * reads, and prints one line each, ✓ or ✗ with what to do (– for what could not be checked
 * because of a problem above). A configuration with problems lists them all, and every check whose
 * own variables are right still runs. It sends no Telegram message (getMe only) and prints no
 * secret: every line goes through the same masking as the logs, with every token it comes across
 * added. Returns the exit code: 0 when everything holds.
 */
export async function runDoctor(env: Env, { write, timeoutMs = 10_000 }: DoctorOptions): Promise<number> {
  const secrets = new SecretSet();
  let problems = 0;
  const print = (result: CheckResult) => {
    if (!result.ok) problems++;
    write(scrubSecrets(`${result.ok ? "✓" : "✗"} ${result.label}: ${result.detail}`, secrets));
    for (const more of result.more ?? []) write(scrubSecrets(`    ${more}`, secrets));
  };
  const notChecked = (label: string, why: string) => write(scrubSecrets(`– ${label}: ${why}`, secrets));

  const parsed = parseConfig(env);
  let configOf: (part: Part) => Config | undefined;
  if (parsed.ok) {
    configSecrets(parsed.config).forEach((secret) => secrets.add(secret));
    print(configuration(parsed.config));
    configOf = () => parsed.config;
  } else {
    const count = parsed.problems.length;
    write(`✗ Configuration: ${count} problem${count === 1 ? "" : "s"}: fix ${count === 1 ? "it" : "them"} in .env or the environment (see .env.example)`);
    for (const problem of parsed.problems) write(`    - ${problem}`);
    // Advice that does not depend on the rest being right is given whatever else is wrong.
    for (const more of baseUrlAdvice(env.ENQUIRY_BASE_URL)) write(`    ${more}`);
    problems += count;
    configOf = (part) => {
      const own = parseConfig(partOnly(env, part));
      if (!own.ok) return undefined;
      configSecrets(own.config).forEach((secret) => secrets.add(secret));
      return own.config;
    };
  }
  const unchecked = (part: Part) => `not checked: fix ${variablesOf(parsed.ok ? [] : parsed.problems, part).join(", ") || "its configuration"} above first`;

  const telegram = configOf("telegram");
  if (telegram) print(await checkTelegram(telegram.telegram, timeoutMs));
  else notChecked(PARTS.telegram.label, unchecked("telegram"));
  const store = configOf("store");
  if (store) print(await checkStore(store.state, Math.min(timeoutMs, 5_000)));
  else notChecked(PARTS.store.label, unchecked("store"));
  const provider = configOf("provider");
  if (provider) {
    const { result, token } = await checkToken(provider.enquiry, secrets);
    print(result);
    for (const kind of ["collection", "airtime"] as const) {
      const label = kind === "collection" ? "Collection enquiry" : "Airtime enquiry";
      // Without a token nothing can be asked: that is the problem above, not another one.
      if (token === undefined) notChecked(label, "not tried: there is no service token to send, see above");
      else print(await checkEnquiry(provider.enquiry, kind, token));
    }
  } else {
    notChecked(PARTS.provider.label, unchecked("provider"));
    for (const label of ["Collection enquiry", "Airtime enquiry"]) notChecked(label, "not tried: there is no service token to send, see above");
  }

  write(problems === 0 ? "All checks passed: `npm start` should run." : `${problems} problem${problems === 1 ? "" : "s"}: fix ${problems === 1 ? "it" : "them"}, then run npm run doctor again.`);
  return problems === 0 ? 0 : 1;
}

/** The environment with only one part's own variables as written, and stand-ins for every other one the configuration needs. */
function partOnly(env: Env, part: Part): Env {
  const owns = PARTS[part].owns;
  const own = Object.fromEntries(Object.entries(env).filter(([name]) => owns.test(name)));
  const standIns = Object.fromEntries(Object.entries(STAND_INS).filter(([name]) => !owns.test(name)));
  return { ...standIns, ...own };
}

/** The variables of a part that the configuration's problems name. */
function variablesOf(problems: readonly string[], part: Part): string[] {
  const named = new Set(problems.flatMap((problem) => problem.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? []));
  return CONFIG_VARIABLES.filter((name) => PARTS[part].owns.test(name) && named.has(name));
}

function configuration(config: Config): CheckResult {
  const store = config.state.kind === "sqlite" ? `state in SQLite at ${config.state.path}` : `state in Redis through ${"url" in config.state.connection ? "REDIS_URL" : "Sentinel"}, prefix ${config.state.prefix}`;
  const token = { environment: "token from ENQUIRY_TOKEN", file: "token from ENQUIRY_TOKEN_FILE", client_credentials: "token obtained by the bot from ENQUIRY_TOKEN_URL" }[config.enquiry.token.source];
  const more = baseUrlAdvice(config.enquiry.baseUrlLeftOut === undefined ? undefined : `${config.enquiry.baseUrl}${config.enquiry.baseUrlLeftOut}`);
  return { ...passed("Configuration", `parses: ${config.transport.mode}, ${store}, ${token}`), ...(more.length > 0 ? { more } : {}) };
}

/** ENQUIRY_BASE_URL written with the API's own path (/api/v1): the value to set instead; read alone, so that it is said whatever else is wrong. */
function baseUrlAdvice(written: string | undefined): string[] {
  const read = enquiryVariables.shape.ENQUIRY_BASE_URL.safeParse(written);
  if (!read.success) return [];
  const { base, leftOut } = enquiryBase(read.data);
  if (leftOut === undefined) return [];
  return [`ENQUIRY_BASE_URL ends with ${leftOut}, which the bot adds itself: set ENQUIRY_BASE_URL=${base} instead. It calls ${enquiryAddress(base, "collection")} and ${enquiryAddress(base, "airtime")}`];
}

