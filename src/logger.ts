import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

export type { Logger } from "pino";

/**
 * Secret values known at run time (bot token, service token, webhook secret). Fixed ones are
 * added once; a value that is replaced over the bot's life (a renewed or rotated service token, a
 * client secret file rewritten) goes in a slot that keeps its last few values, so that an old one
 * is still masked for a while and the list does not grow with every renewal.
 */
export class SecretSet {
  #fixed = new Set<string>();
  #slots = new Map<string, string[][]>();
  #values: string[] = [];

  /**
   * Any non-empty value, however short: a short secret is still a secret, masked where it stands as
   * a whole value (see `scrubSecrets`). Its JSON-escaped spelling is added too, since log lines are JSON.
   */
  add(value: string | undefined): void {
    const spellings = spellingsOf([value]);
    if (spellings.length === 0 || spellings.every((spelling) => this.#fixed.has(spelling))) return;
    spellings.forEach((spelling) => this.#fixed.add(spelling));
    this.#refresh();
  }

  /** The current value(s) of something replaced over time; the last `keep` are masked. */
  rotate(slot: string, values: readonly (string | undefined)[], keep = SLOT_KEEPS): void {
    const spellings = spellingsOf(values);
    if (spellings.length === 0) return;
    const kept = this.#slots.get(slot) ?? [];
    const latest = kept[kept.length - 1];
    if (latest && latest.length === spellings.length && latest.every((spelling, index) => spelling === spellings[index])) return;
    this.#slots.set(slot, [...kept, spellings].slice(-keep));
    this.#refresh();
  }

  values(): Iterable<string> {
    return this.#values;
  }

  #refresh(): void {
    const all = new Set([...this.#fixed, ...[...this.#slots.values()].flat(2)]);
    // Longest first, so that a secret containing another is masked whole.
    this.#values = [...all].sort((a, b) => b.length - a.length);
  }
}

/** A renewed token's predecessors stay masked this many renewals (a slow request may still log one). */
const SLOT_KEEPS = 4;

function spellingsOf(values: readonly (string | undefined)[]): string[] {
  return values.filter((value): value is string => value !== undefined && value !== "").flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]);
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

/** Whether `text` has the secret at `start`..`end` as a whole value: no letter, digit or _ glued to either end. */
function standsAlone(text: string, start: number, end: number, secret: string): boolean {
  const leftOpen = !isWordCharacter(secret[0]) || !isWordCharacter(text[start - 1]);
  const rightOpen = !isWordCharacter(secret[secret.length - 1]) || !isWordCharacter(text[end]);
  return leftOpen && rightOpen;
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
 * `text` with `secret` masked where it stands alone (everywhere when it is long). Where it stands as
 * a bare JSON value (a number after `:`, `,` or `[`), the mask is a JSON string: the line stays JSON.
 */
function maskSecret(text: string, secret: string): string {
  let index = text.indexOf(secret);
  if (index === -1) return text;
  const anywhere = secret.length >= MASKED_ANYWHERE_FROM;
  let out = "";
  let from = 0;
  while (index !== -1) {
    const end = index + secret.length;
    if (anywhere || standsAlone(text, index, end, secret)) {
      out += text.slice(from, index) + (bareJsonValue(text, index) ? `"${REDACTED}"` : REDACTED);
      from = end;
      index = text.indexOf(secret, end);
    } else {
      index = text.indexOf(secret, index + 1);
    }
  }
  return out + text.slice(from);
}

/** Masks every known secret (see {@link MASKED_ANYWHERE_FROM}) and anything shaped like a bot token or bearer credential. */
export function scrubSecrets(text: string, secrets: SecretSet): string {
  let out = text;
  for (const secret of secrets.values()) out = maskSecret(out, secret);
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
