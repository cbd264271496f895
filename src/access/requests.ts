import { z } from "zod";
import type { Records } from "../state/ports.ts";
import type { Person } from "./grants.ts";
import { decodeJson } from "../util/decode-json.ts";

/** Someone asking for access (a stranger's button), or a group the bot was added to by someone who is not an admin. */
export interface AccessRequest {
  /** `user:<id>` or `chat:<id>`: one request per person or group at a time. */
  id: string;
  kind: "user" | "chat";
  subject: Person & { language?: string | undefined };
  /** For a group: who added the bot. */
  addedBy?: Person | undefined;
  status: "pending" | "approved" | "denied";
  askedAt: number;
  decided?: { by: Person; at: number } | undefined;
  /** The admins' messages about it: each is edited once it is decided. */
  adminMessages: { chatId: number; messageId: number }[];
}

/** The rules of asking: at most one request pending per person, 50 in all; a week to answer; a day's wait after a denial. */
export const REQUEST_RULES = { pendingAtMost: 50, expiresAfterMs: 7 * 24 * 60 * 60 * 1000, askAgainAfterDenialMs: 24 * 60 * 60 * 1000 } as const;

export type RequestState = AccessRequest["status"] | "expired";

/** Where a request stands at `now`: a pending one lapses after a week. Pure. */
export function requestState(request: AccessRequest, now: number): RequestState {
  if (request.status === "pending" && now - request.askedAt >= REQUEST_RULES.expiresAfterMs) return "expired";
  return request.status;
}

export type AskVerdict = { type: "ask" } | { type: "pending" } | { type: "denied_recently"; until: number };

/** Whether someone may ask now, given their last request. Pure. */
export function mayAsk(previous: AccessRequest | undefined, now: number): AskVerdict {
  if (!previous) return { type: "ask" };
  const state = requestState(previous, now);
  if (state === "pending") return { type: "pending" };
  if (state === "denied" && previous.decided) {
    const until = previous.decided.at + REQUEST_RULES.askAgainAfterDenialMs;
    if (now < until) return { type: "denied_recently", until };
  }
  return { type: "ask" };
}

/** Whether an old request can be forgotten: nothing depends on it any more. Pure. */
function forgettable(request: AccessRequest, now: number): boolean {
  const state = requestState(request, now);
  if (state === "expired" || state === "approved") return true;
  return state === "denied" && mayAsk(request, now).type === "ask";
}

const person = z.object({ id: z.number(), name: z.string(), username: z.string().optional() });
const requestSchema = z.object({
  id: z.string(),
  kind: z.enum(["user", "chat"]),
  subject: person.extend({ language: z.string().optional() }),
  addedBy: person.optional(),
  status: z.enum(["pending", "approved", "denied"]),
  askedAt: z.number(),
  decided: z.object({ by: person, at: z.number() }).optional(),
  adminMessages: z.array(z.object({ chatId: z.number(), messageId: z.number() })),
});

const COLLECTION = "access-requests";

export type AskResult = { type: "asked"; request: AccessRequest } | Exclude<AskVerdict, { type: "ask" }> | { type: "too_many" };
export type DecideResult = { type: "decided"; request: AccessRequest } | { type: "already"; request: AccessRequest } | { type: "expired" } | { type: "unknown" };

export interface AccessRequests {
  ask(request: Pick<AccessRequest, "kind" | "subject" | "addedBy">): Promise<AskResult>;
  /** Records where the admins were told, so that their messages are edited once it is decided. */
  told(id: string, messages: AccessRequest["adminMessages"]): Promise<void>;
  /** Decides a pending request, once: of two admins pressing together, one decides, the other is told who did. */
  decide(id: string, decision: "approved" | "denied", by: Person): Promise<DecideResult>;
  pending(): Promise<AccessRequest[]>;
}

/** Requests for access, as durable records: they survive restarts and every instance sees them. */
export function accessRequests(records: Records, now: () => number = Date.now): AccessRequests {
  const read = async () => [...(await records.all(COLLECTION)).values()].map(decodeRequest).filter((request): request is AccessRequest => request !== undefined);
  return {
    async ask({ kind, subject, addedBy }) {
      const id = `${kind}:${subject.id}`;
      const verdict = mayAsk(decodeRequest(await records.get(COLLECTION, id)), now());
      if (verdict.type !== "ask") return verdict;
      const all = await read();
      // What nothing depends on any more is forgotten on the way: the collection stays small.
      for (const old of all.filter((request) => forgettable(request, now()))) {
        await records.update(COLLECTION, old.id, (current) => {
          const request = decodeRequest(current);
          return request && forgettable(request, now()) ? undefined : current;
        });
      }
      if (all.filter((request) => requestState(request, now()) === "pending").length >= REQUEST_RULES.pendingAtMost) return { type: "too_many" };
      const request: AccessRequest = { id, kind, subject, addedBy, status: "pending", askedAt: now(), adminMessages: [] };
      let result: AskResult = { type: "asked", request };
      await records.update(COLLECTION, id, (current) => {
        // Another instance may have taken the same press a moment before.
        const raced = mayAsk(decodeRequest(current), now());
        result = raced.type === "ask" ? { type: "asked", request } : raced;
        return raced.type === "ask" ? JSON.stringify(request) : current;
      });
      return result;
    },
    async told(id, messages) {
      await records.update(COLLECTION, id, (current) => {
        const request = decodeRequest(current);
        return request ? JSON.stringify({ ...request, adminMessages: [...request.adminMessages, ...messages] }) : current;
      });
    },
    async decide(id, decision, by) {
      let result: DecideResult = { type: "unknown" };
      await records.update(COLLECTION, id, (current) => {
        const request = decodeRequest(current);
        if (!request) {
          result = { type: "unknown" };
          return current;
        }
        const state = requestState(request, now());
        if (state === "expired") {
          result = { type: "expired" };
          return current;
        }
        if (state !== "pending") {
          result = { type: "already", request };
          return current;
        }
        const decided: AccessRequest = { ...request, status: decision, decided: { by, at: now() } };
        result = { type: "decided", request: decided };
        return JSON.stringify(decided);
      });
      return result;
    },
    async pending() {
      return (await read()).filter((request) => requestState(request, now()) === "pending");
    },
  };
}

function decodeRequest(text: string | undefined): AccessRequest | undefined {
  return decodeJson(requestSchema, text);
}
