import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Records } from "../state/ports.ts";
import type { Person } from "./grants.ts";
import { decodeJson } from "../util/decode-json.ts";

/** An invite link, as stored: never the code itself, only its hash. */
export interface Invite {
  /** Shown in /invites and its 🚫 buttons: a prefix of the hash, which cannot be turned back into the code. */
  publicId: string;
  createdBy: Person;
  createdAt: number;
  expiresAt: number;
  /** The link's last characters, so that an admin can tell it in /invites (the rest of the code is not kept). */
  codeEnd?: string | undefined;
  /** Whom it was made for, as the admin said (`/invite 3 new agents in Kumasi`). */
  note?: string | undefined;
  /** How many people may still join with it. */
  usesLeft: number;
  uses: number;
  joined: Person[];
}

/** At most this many people per link (`/invite N`). */
export const MOST_USES_PER_INVITE = 50;
/** 128 random bits, URL-safe: 22 characters, within Telegram's 64 for a start parameter. */
const CODE_BYTES = 16;
/** Kept in the clear: 24 of the code's 128 bits, enough to recognise a link, far too few to guess it. */
const CODE_END_LENGTH = 4;
const CODE = /^[A-Za-z0-9_-]{22}$/;
const COLLECTION = "access-invites";

/** Whether an invite lets one more person in at `now`. Pure. */
export function inviteUsable(invite: Invite, now: number): boolean {
  return invite.usesLeft > 0 && now < invite.expiresAt;
}

export const looksLikeInviteCode = (text: string): boolean => CODE.test(text);

const hashOf = (code: string) => createHash("sha256").update(code).digest("base64url");
const person = z.object({ id: z.number(), name: z.string(), username: z.string().optional() });
const inviteSchema = z.object({
  publicId: z.string(),
  createdBy: person,
  createdAt: z.number(),
  expiresAt: z.number(),
  codeEnd: z.string().optional(),
  note: z.string().optional(),
  usesLeft: z.number(),
  uses: z.number(),
  joined: z.array(person),
});

export type Redeemed = { type: "joined"; invite: Invite } | { type: "invalid" };

export interface Invites {
  /** A new link for `uses` people, valid `ttlMs`: the code is returned once and stored only as a hash. */
  create(by: Person, uses: number, ttlMs: number, note?: string): Promise<{ code: string; invite: Invite }>;
  /** Uses a code, atomically: of two people using a one-person link at once, exactly one gets in. */
  redeem(code: string, who: Person): Promise<Redeemed>;
  /** The links that still let someone in. */
  open(): Promise<Invite[]>;
  /** Revokes a link; false when no open link has that ID. */
  revoke(publicId: string): Promise<Invite | undefined>;
}

/**
 * Invite links as durable records. The state store never holds a usable code: a code is 128
 * random bits, and only its SHA-256 is kept (with its last 4 characters, for the admins to tell
 * links apart), so whoever reads the store (or a backup) cannot join.
 */
export function invites(records: Records, now: () => number = Date.now): Invites {
  const all = async () =>
    [...(await records.all(COLLECTION)).entries()].flatMap(([hash, value]) => {
      const invite = decodeInvite(value);
      return invite ? [{ hash, invite }] : [];
    });
  return {
    async create(by, uses, ttlMs, note) {
      const code = randomBytes(CODE_BYTES).toString("base64url");
      const hash = hashOf(code);
      const invite: Invite = {
        publicId: hash.slice(0, 10),
        createdBy: by,
        createdAt: now(),
        expiresAt: now() + ttlMs,
        codeEnd: code.slice(-CODE_END_LENGTH),
        ...(note ? { note } : {}),
        usesLeft: uses,
        uses,
        joined: [],
      };
      await records.update(COLLECTION, hash, () => JSON.stringify(invite));
      // Links nobody can use any more are forgotten on the way.
      for (const { hash: old, invite: stale } of await all()) {
        if (!inviteUsable(stale, now())) await records.update(COLLECTION, old, () => undefined);
      }
      return { code, invite };
    },
    async redeem(code, who) {
      if (!looksLikeInviteCode(code)) return { type: "invalid" };
      let result: Redeemed = { type: "invalid" };
      await records.update(COLLECTION, hashOf(code), (current) => {
        const invite = decodeInvite(current);
        if (!invite || !inviteUsable(invite, now())) {
          result = { type: "invalid" };
          return current;
        }
        const used: Invite = { ...invite, usesLeft: invite.usesLeft - 1, joined: [...invite.joined, who] };
        result = { type: "joined", invite: used };
        return JSON.stringify(used);
      });
      return result;
    },
    async open() {
      return (await all())
        .map(({ invite }) => invite)
        .filter((invite) => inviteUsable(invite, now()))
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    async revoke(publicId) {
      const found = (await all()).find(({ invite }) => invite.publicId === publicId && inviteUsable(invite, now()));
      if (!found) return undefined;
      await records.update(COLLECTION, found.hash, () => undefined);
      return found.invite;
    },
  };
}

function decodeInvite(text: string | undefined): Invite | undefined {
  return decodeJson(inviteSchema, text);
}
