import { z } from "zod";
import { parseChatTopic, parseTelegramId, type ChatTopic } from "../access/telegram-id.ts";
import { parseNetwork, type TrustedNetwork } from "../server/client-address.ts";

/** The environment as given: every value a string, or absent. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Whether a variable is set: unset and blank are the same thing. */
export function presentIn(env: Environment): (name: string) => boolean {
  return (name) => (env[name] ?? "").trim() !== "";
}

/** Unset and empty are the same thing: `FOO=` in a .env file means "not configured". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
export const withDefault = <T extends z.ZodType>(schema: T, value: z.util.NoUndefined<z.output<T>>) =>
  z.preprocess(blankToUndefined, schema.default(value));
/** Blank is missing too: `TELEGRAM_BOT_TOKEN=` as copied from .env.example "is required", not "must look like…". */
export const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

export const trimmed = z.string().trim();

export const integer = (min: number, max: number) =>
  trimmed.regex(/^-?\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

export const urlWith = (protocols: readonly string[], message: string) =>
  trimmed.refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      // Not a URL: the rule's message says what is wanted.
      return false;
    }
  }, message);

/** A number that may have decimals (0.5): for durations tests want shorter than one unit. */
export const decimal = (min: number, max: number) =>
  trimmed.regex(/^\d+(\.\d+)?$/, "must be a number").transform(Number).pipe(z.number().min(min).max(max));

export const httpUrl = urlWith(["http:", "https:"], "must be an http(s) URL");

export const TRUE_WORDS = ["true", "1", "yes"];
export const bool = trimmed.toLowerCase().pipe(z.enum(["true", "false", "1", "0", "yes", "no"])).transform((v) => TRUE_WORDS.includes(v));

/** Passwords are taken as written: a space at either end may be part of one. */
export const secretValue = z.string().min(1);

export const idList = trimmed.transform((value, ctx) => {
  const ids = new Set<number>();
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const id = parseTelegramId(part);
    if (id === undefined) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a numeric Telegram ID (a whole number other than 0, at most 52 bits)` });
      return z.NEVER;
    }
    ids.add(id);
  }
  return ids;
});

const chatTopicRule = "is not a numeric Telegram ID of a chat, optionally with a forum topic's ID as CHAT_ID:THREAD_ID (such as -1001234567890:42)";

/** One chat, or one topic of it: `-1001234567890` or `-1001234567890:42`. */
export const chatTopic = trimmed.transform((value, ctx) => {
  const parsed = parseChatTopic(value);
  if (parsed === undefined) {
    ctx.addIssue({ code: "custom", message: `"${value}" ${chatTopicRule}` });
    return z.NEVER;
  }
  return parsed;
});

/** IP addresses and networks (CIDR), separated by commas or spaces. */
export const networkList = trimmed.transform((value, ctx) => {
  const networks: TrustedNetwork[] = [];
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const parsed = parseNetwork(part);
    if (parsed === undefined) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not an IP address or a network in CIDR form (such as 10.0.0.5, 172.16.0.0/12 or fd00::/8)` });
      return z.NEVER;
    }
    networks.push(parsed);
  }
  return networks;
});

/** Chats, each perhaps with its topic, separated by commas or spaces. */
export const chatTopicList = trimmed.transform((value, ctx) => {
  const chats: ChatTopic[] = [];
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const parsed = parseChatTopic(part);
    if (parsed === undefined) {
      ctx.addIssue({ code: "custom", message: `"${part}" ${chatTopicRule}` });
      return z.NEVER;
    }
    chats.push(parsed);
  }
  return chats;
});
