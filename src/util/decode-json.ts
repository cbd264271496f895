import type { z } from "zod";

/**
 * A value read back from the state store (or anywhere text comes from), as `schema` says it must
 * be; undefined for nothing, text that is not JSON, or JSON of another shape. Another version of
 * the bot may have written it (a rolling deploy shares Redis): what cannot be read is treated as
 * absent, never trusted.
 */
export function decodeJson<T extends z.ZodType>(schema: T, text: string | undefined): z.output<T> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: not something this bot wrote.
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
