import { createHash, randomBytes } from "node:crypto";

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so that no two characters look
 * or sound alike when a customer reads a code aloud or types it from a picture.
 */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 12 characters of 5 bits: 60 bits, which nobody enumerates at the rates checks are allowed. */
export const CODE_LENGTH = 12;
const GROUP = 4;

/** A fresh verification code, as printed: `R7KQ-4XM9-P2JD`. `random` is crypto.randomBytes (tests give their own bytes). */
export function newReceiptCode(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(8);
  // 64 random bits; the lowest 60 make the code (32 is a power of two: every character equally likely).
  let bits = bytes.readBigUInt64BE(0);
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index++) {
    code = CODE_ALPHABET[Number(bits & 31n)] + code;
    bits >>= 5n;
  }
  return groupCode(code);
}

/** `R7KQ4XM9P2JD` → `R7KQ-4XM9-P2JD`: in groups of four, easy to read aloud. */
export function groupCode(compact: string): string {
  const groups: string[] = [];
  for (let at = 0; at < compact.length; at += GROUP) groups.push(compact.slice(at, at + GROUP));
  return groups.join("-");
}

/**
 * What someone typed (or a link carried) as a code, in its one spelling (`R7KQ-4XM9-P2JD`), or
 * undefined when it cannot be one. People type lower case, read O for 0 and I or L for 1, leave
 * the dashes out or put spaces in: all of that is the same code. So is what phones and copying
 * add: full-width letters (NFKC), invisible characters (zero-width spaces, soft hyphens, direction
 * marks) and other dashes. Letters of other scripts that look Latin stay other letters.
 */
export function normaliseReceiptCode(typed: string): string | undefined {
  if (typed.length > 40) return undefined;
  const compact = typed
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .toUpperCase()
    .replace(/[\s\p{Pd}\u2212_.]/gu, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (compact.length !== CODE_LENGTH) return undefined;
  for (const char of compact) if (!CODE_ALPHABET.includes(char)) return undefined;
  return groupCode(compact);
}

/** How the store knows a receipt: the SHA-256 of its code, so that the codes themselves are never kept. */
export function receiptCodeHash(code: string): string {
  return createHash("sha256").update(code.replace(/-/g, "")).digest("hex");
}
