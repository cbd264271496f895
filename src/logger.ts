import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

export type { Logger } from "pino";

/** How a secret may be written in a log line (as it is, JSON-escaped, escaped twice), and the secret itself. */
export interface SecretSpelling {
  text: string;
  secret: string;
}

/**
 * Secret values known at run time (bot token, service token, webhook secret). Fixed ones are
 * added once; a value that is replaced over the bot's life (a renewed or rotated service token, a
 * client secret file rewritten) goes in a slot that keeps its last few values, so that an old one
 * is still masked for a while and the list does not grow with every renewal.
 */
export class SecretSet {
  #fixed = new Map<string, SecretSpelling>();
  #slots = new Map<string, SecretSpelling[][]>();
  #values: SecretSpelling[] = [];

  /**
   * Any non-empty value, however short: a short secret is still a secret, masked where it stands as
   * a whole value (see `scrubSecrets`). Its JSON-escaped spellings are added too, since log lines are JSON.
   */
  add(value: string | undefined): void {
    const spellings = spellingsOf([value]);
    if (spellings.length === 0 || spellings.every((spelling) => this.#fixed.has(spelling.text))) return;
    spellings.forEach((spelling) => this.#fixed.set(spelling.text, spelling));
    this.#refresh();
  }

  /** The current value(s) of something replaced over time; the last `keep` are masked. */
  rotate(slot: string, values: readonly (string | undefined)[], keep = SLOT_KEEPS): void {
    const spellings = spellingsOf(values);
    if (spellings.length === 0) return;
    const kept = this.#slots.get(slot) ?? [];
    const latest = kept[kept.length - 1];
    if (latest && latest.length === spellings.length && latest.every((spelling, index) => spelling.text === spellings[index]?.text)) return;
    this.#slots.set(slot, [...kept, spellings].slice(-keep));
    this.#refresh();
  }

  values(): readonly SecretSpelling[] {
    return this.#values;
  }

  #refresh(): void {
    const all = new Map<string, SecretSpelling>(this.#fixed);
    for (const spelling of [...this.#slots.values()].flat(2)) all.set(spelling.text, spelling);
    // Longest first, so that a secret containing another is masked whole.
    this.#values = [...all.values()].sort((a, b) => b.text.length - a.text.length);
  }
}

/** A renewed token's predecessors stay masked this many renewals (a slow request may still log one). */
const SLOT_KEEPS = 4;

/**
 * A secret as it is (plain text, doctor's lines), as a JSON string writes it (a line break as \n, a
 * quote as \"), and escaped twice (a JSON body quoted inside a logged message).
 */
function spellingsOf(values: readonly (string | undefined)[]): SecretSpelling[] {
  return values
    .filter((value): value is string => value !== undefined && value !== "")
    .flatMap((secret) => {
      const once = JSON.stringify(secret).slice(1, -1);
      const twice = JSON.stringify(once).slice(1, -1);
      return [...new Set([secret, once, twice])].map((text) => ({ text, secret }));
    });
}

export const REDACTED = "[REDACTED]";

/**
 * Fields that may hold a secret, whatever its value: masked at the top of a log line, one level
 * down (`config.botToken`), and in a `headers` object at either level.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(["token", "botToken", "secret", "authorization"]);
const SECRET_HEADERS: ReadonlySet<string> = new Set(["authorization", "x-telegram-bot-api-secret-token"]);

type Fields = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Error);

/** A copy of `fields` with each secret named in `names` masked; `fields` itself when there is none (the usual case: nothing is copied). */
function maskNamed(fields: Fields, names: ReadonlySet<string>, depth: number): Fields {
  let masked: Fields | undefined;
  for (const key in fields) {
    const value = fields[key];
    let next = value;
    if (names.has(key) && value !== undefined) next = REDACTED;
    else if (key === "headers" && isPlainObject(value)) next = maskNamed(value, SECRET_HEADERS, 0);
    else if (depth > 0 && isPlainObject(value)) next = maskNamed(value, names, depth - 1);
    if (next !== value) (masked ??= { ...fields })[key] = next;
  }
  return masked ?? fields;
}

const SECRET_SERIALIZERS: Record<string, (value: unknown) => unknown> = {
  ...Object.fromEntries([...SECRET_FIELDS].map((name) => [name, () => REDACTED])),
  headers: (value) => (isPlainObject(value) ? maskNamed(value, SECRET_HEADERS, 0) : value),
  // An error keeps its own fields (pino copies them): a `token` put on an error is masked too.
  err: (value) => {
    const serialized: unknown = pino.stdSerializers.err(value as Error);
    return isPlainObject(serialized) ? maskNamed(serialized, SECRET_FIELDS, 0) : serialized;
  },
};

/**
 * Masks secret fields by name. Pino's own `redact` with wildcard paths runs its redaction on every
 * field of every line (about 35 µs a line, measured: more than the rest of the line's cost); this
 * looks at the field names only, and copies a line's fields only when one of them must be masked.
 */
function redactSecretFields(fields: Fields): Fields {
  return maskNamed(fields, SECRET_FIELDS, 1);
}

// The bot token is part of every Bot API URL, so errors from grammY carry it inside free text.
const BOT_TOKEN_IN_TEXT = /\d{5,}:[A-Za-z0-9_-]{30,}/g;
const BEARER_IN_TEXT = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/**
 * From this length a secret is masked wherever it appears, glued to other letters too (a token in a
 * URL path): no ordinary word is that long a random string. A shorter one is masked only where it
 * stands as a whole value, so that `ENQUIRY_TOKEN=x` leaves "expiry" whole.
 */
export const MASKED_ANYWHERE_FROM = 16;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const isWordCharacter = (character: string | undefined) => character !== undefined && WORD_CHARACTER.test(character);

/** Whether `secret` stands alone between the characters `before` and `after`: no letter, digit or _ glued to either end. */
function standsAlone(before: string | undefined, after: string | undefined, secret: string): boolean {
  const leftOpen = !isWordCharacter(secret[0]) || !isWordCharacter(before);
  const rightOpen = !isWordCharacter(secret[secret.length - 1]) || !isWordCharacter(after);
  return leftOpen && rightOpen;
}

/**
 * A log line is JSON, so the characters around a secret are read as JSON wrote them: "\nab" is a line
 * break before "ab" (not the letter n), and an "n" right after a backslash is no letter of the text at all.
 */
const INSIDE_AN_ESCAPE = Symbol("inside an escape");
type Neighbour = string | undefined | typeof INSIDE_AN_ESCAPE;
const ESCAPED: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" };

/** Whether an escape sequence starts at `at`: a backslash after an even number of backslashes. */
function escapeStartsAt(text: string, at: number): boolean {
  if (text[at] !== "\\") return false;
  let run = 0;
  while (at - run - 1 >= 0 && text[at - run - 1] === "\\") run++;
  return run % 2 === 0;
}

function unescaped(text: string, at: number): string | undefined {
  const next = text[at + 1];
  if (next === "u") return String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16));
  return next === undefined ? undefined : (ESCAPED[next] ?? next);
}

/** The character of the decoded text that ends at `index`, or INSIDE_AN_ESCAPE when `index` cuts an escape in two. */
function characterBefore(text: string, index: number): Neighbour {
  // The nearest escape that starts before `index` is the only one that can reach it.
  for (let back = 1; back <= 6; back++) {
    const at = index - back;
    if (at < 0 || !escapeStartsAt(text, at)) continue;
    const length = text[at + 1] === "u" ? 6 : 2;
    return back === length ? unescaped(text, at) : back < length ? INSIDE_AN_ESCAPE : text[index - 1];
  }
  return text[index - 1];
}

/** The character of the decoded text that starts at `index`. */
function characterAt(text: string, index: number): string | undefined {
  return escapeStartsAt(text, index) ? unescaped(text, index) : text[index];
}

/** Whether what starts at `index` is a bare JSON value (after `:`, `,` or `[`, outside any string): rare, so the scan costs little. */
function bareJsonValue(text: string, index: number): boolean {
  const before = text[index - 1];
  if (before !== ":" && before !== "," && before !== "[") return false;
  let inString = false;
  for (let at = 0; at < index; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === '"') inString = !inString;
  }
  return !inString;
}

/**
 * `text` with the secret masked where it stands alone (everywhere when it is long), never where a
 * match would cut an escape sequence in two. Where it stands as a bare JSON value (a number after
 * `:`, `,` or `[`), the mask is a JSON string: the line stays JSON.
 */
function maskSecret(text: string, { text: spelling, secret }: SecretSpelling): string {
  let index = text.indexOf(spelling);
  if (index === -1) return text;
  const anywhere = secret.length >= MASKED_ANYWHERE_FROM;
  let out = "";
  let from = 0;
  while (index !== -1) {
    const end = index + spelling.length;
    const before = characterBefore(text, index);
    const whole = before !== INSIDE_AN_ESCAPE && characterBefore(text, end) !== INSIDE_AN_ESCAPE;
    if (whole && (anywhere || standsAlone(before, characterAt(text, end), secret))) {
      out += text.slice(from, index) + (bareJsonValue(text, index) ? `"${REDACTED}"` : REDACTED);
      from = end;
      index = text.indexOf(spelling, end);
    } else {
      index = text.indexOf(spelling, index + 1);
    }
  }
  return out + text.slice(from);
}

/** Masks every known secret (see {@link MASKED_ANYWHERE_FROM}) and anything shaped like a bot token or bearer credential. */
export function scrubSecrets(text: string, secrets: SecretSet): string {
  let out = text;
  for (const spelling of secrets.values()) out = maskSecret(out, spelling);
  return out.replace(BOT_TOKEN_IN_TEXT, REDACTED).replace(BEARER_IN_TEXT, `$1${REDACTED}`);
}

export interface LoggerSettings {
  level: LoggerOptions["level"];
  secrets: SecretSet;
  /** Where JSON lines go; stdout when omitted. */
  destination?: DestinationStream;
}

/**
 * JSON lines with two layers of protection: path redaction for fields known to hold secrets, and a
 * final pass over each serialized line that masks secret values wherever they ended up (error
 * messages, URLs, stack traces).
 */
export function createLogger({ level, secrets, destination }: LoggerSettings): Logger {
  const target = destination ?? pino.destination({ dest: 1, sync: false });
  const scrubbing: DestinationStream & { flush(cb: (error?: Error) => void): void } = {
    write: (line: string) => target.write(scrubSecrets(line, secrets)),
    // Lets `logger.flush()` drain buffered lines before the process exits.
    flush: (cb) => {
      const flushable = target as DestinationStream & { flush?: (cb: (error?: Error) => void) => void };
      if (flushable.flush) flushable.flush(cb);
      else cb();
    },
  };
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: redactSecretFields },
      // A child's bindings do not go through `formatters.log`; serializers apply to them too.
      serializers: SECRET_SERIALIZERS,
    },
    scrubbing,
  );
}

/**
 * For the errors that stop the bot before it runs (its configuration is wrong, its state file is
 * taken): on stderr, still through the masking pass. JSON for a log collector; on a terminal,
 * where a person reads it, plain lines instead (see `plainText`).
 */
export function startupLogger({ terminal = false, secrets = new SecretSet() }: { terminal?: boolean; secrets?: SecretSet } = {}): Logger {
  const stderr = pino.destination({ dest: 2, sync: true });
  const destination: DestinationStream = terminal ? { write: (line: string) => void stderr.write(plainText(line)) } : stderr;
  return createLogger({ level: "info", secrets, destination });
}

/**
 * A log line as a sentence: its message, then its `reason`, or its `problems` one a line.
 * "The bot cannot start: STATE_DB … is in use by another running instance. …"
 */
export function plainText(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // Not a line pino wrote: shown as it is.
    return line;
  }
  const msg = typeof entry.msg === "string" ? entry.msg : "";
  let text = msg.charAt(0).toUpperCase() + msg.slice(1);
  if (typeof entry.reason === "string") text += `: ${entry.reason}`;
  if (Array.isArray(entry.problems)) text += `:\n${entry.problems.map((problem) => `  - ${String(problem)}`).join("\n")}`;
  return `${text}\n`;
}
