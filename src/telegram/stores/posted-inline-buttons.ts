import { z } from "zod";
import { decodeJson } from "../../util/decode-json.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import { BUTTON_LIFETIME_MS } from "./button-store.ts";

/** Long enough to pick a result from the list Telegram shows; a result picked later gets no buttons that work. */
const OFFER_MS = 15 * 60 * 1000;

/**
 * The buttons of answers posted through inline mode. A press on such a message comes without the
 * message (the bot is not in that chat), so its keyboard cannot be read from the press: the bot
 * remembers the keyboard of each result it offered, and, when Telegram says which result was
 * posted where (`chosen_inline_result`, with inline feedback on), the keyboard of that message.
 */
export class PostedInlineButtons {
  constructor(private readonly store: KeyValueStore) {}

  /** A result was offered to this user with these buttons. */
  async offered(resultId: string, userId: number, data: readonly string[]): Promise<void> {
    await this.store.set(offerKey(resultId), JSON.stringify({ userId, data }), OFFER_MS);
  }

  /** The user posted the result as this inline message: its buttons are now the ones offered. */
  async posted(resultId: string, userId: number, inlineMessageId: string): Promise<void> {
    const offer = parse(await this.store.get(offerKey(resultId)));
    if (!offer || offer.userId !== userId) return;
    await this.store.set(postedKey(inlineMessageId), JSON.stringify(offer.data), BUTTON_LIFETIME_MS);
  }

  /** Whether that inline message carries a button with this data. */
  async carries(inlineMessageId: string, data: string): Promise<boolean> {
    // The store away: the press is refused with a toast, which is all that is lost.
    const stored = await this.store.get(postedKey(inlineMessageId)).catch(() => undefined);
    // Not what this bot writes: as good as no record, the press is refused.
    return decodeJson(postedSchema, stored)?.includes(data) ?? false;
  }
}

const offerKey = (resultId: string) => `inline-offer:${resultId}`;
const postedKey = (inlineMessageId: string) => `inline-posted:${inlineMessageId}`;

const postedSchema = z.array(z.string());
const offerSchema = z.object({ userId: z.number(), data: z.array(z.string()) });

/** An offer as stored; not what this bot writes is as good as no offer. */
const parse = (text: string | undefined) => decodeJson(offerSchema, text);
