import type { ButtonStore } from "../stores/button-store.ts";
import { accessButtons } from "./access-buttons.ts";
import { answerButtons } from "./answer-buttons.ts";
import { caseButtons } from "./case-buttons.ts";
import type { Decoded, PressOf } from "./codec.ts";
import { historyButtons } from "./history-buttons.ts";
import { languageButtons } from "./language-buttons.ts";
import { receiptButtons } from "./receipt-buttons.ts";

/**
 * Every family of buttons the bot makes, one codec each (its file in this folder declares its
 * prefix, its presses, how they are encoded and decoded). A new family is one more codec file and
 * one more line here: the `Press` union, the decoding and the router follow.
 */
export const BUTTON_FAMILIES = [answerButtons, accessButtons, languageButtons, caseButtons, historyButtons, receiptButtons] as const;

/** Every button press the bot understands, whatever family its data belongs to. */
export type Press = PressOf<(typeof BUTTON_FAMILIES)[number]>;
export type PressAction = Press["action"];
export type DecodedPress = Decoded<Press>;

/** Reads a press's data through the one family it starts as: one store read at most (a button whose IDs did not fit in it). */
export async function decodePress(data: string, buttons: ButtonStore): Promise<DecodedPress> {
  const family = BUTTON_FAMILIES.find((codec) => codec.prefixes.some((prefix) => data.startsWith(prefix)));
  return family ? family.decode(data, buttons) : { type: "unknown" };
}
