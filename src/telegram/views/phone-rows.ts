import { InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";

/**
 * How buttons fit a phone. A message on a small phone holds about 35 characters a line; its inline
 * keyboard is as wide, and Telegram shares each row equally among the row's buttons, cutting a
 * label longer than its share ("Muda wa mao…"). Button labels are set smaller than a message's
 * text (14 against 16 points), so a row holds about 40 of their characters, less each button's
 * padding. Pure.
 */
export const PHONE_LINE_CHARS = 35;
/** A button's label against a message's text: 16 / 14 as many characters to a row. */
const BUTTON_TEXT_SCALE = 16 / 14;
/** What each button's padding (and the gap to the next) takes of its share, in its characters. */
const BUTTON_PADDING_CHARS = 2;
/** More than this to a row is hard to press, whatever fits. */
const MOST_PER_ROW = 3;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
/** An emoji or a wide (East Asian) character takes about two characters' room. */
const WIDE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** The room a label takes, in characters (an emoji counts two). */
export function labelWidth(label: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(label)) width += WIDE.test(segment) ? 2 : 1;
  return width;
}

/** The labels of a row of buttons that a phone would cut. */
export function labelsCut(row: readonly string[]): string[] {
  const room = (PHONE_LINE_CHARS * BUTTON_TEXT_SCALE) / row.length - BUTTON_PADDING_CHARS;
  return row.filter((label) => labelWidth(label) > room);
}

/**
 * Adds buttons after the keyboard's last row, in order, as many to a row as a phone shows uncut
 (at most `perRow`, three unless said): `[Collection] [Airtime] [Both]` in English,
 * `[Makusanyo] [Muda wa maongezi]` then `[Zote mbili]` in Swahili. A label too long for a row of
 * its own gets one anyway.
 */
export function inRowsThatFit(buttons: readonly InlineKeyboardButton[], keyboard = new InlineKeyboard(), perRow = MOST_PER_ROW): InlineKeyboard {
  for (const button of buttons) {
    const row = keyboard.inline_keyboard.at(-1) ?? [];
    const widened = [...row, button].map((each) => each.text);
    if (row.length > 0 && (widened.length > perRow || labelsCut(widened).length > 0)) keyboard.row();
    keyboard.add(button);
  }
  return keyboard;
}
