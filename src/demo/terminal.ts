import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";

const STYLES: Partial<Record<MessageEntity["type"], string>> = {
  bold: "1",
  italic: "3",
  underline: "4",
  strikethrough: "9",
  code: "36",
  pre: "36",
  spoiler: "2",
  text_link: "4;34",
  url: "4;34",
};

/**
 * Renders a Telegram message for a terminal: entities become ANSI styles when `color` is on,
 * and vanish (leaving the text as a user reads it) when output is piped.
 */
export function renderText(text: string, entities: readonly MessageEntity[] = [], color: boolean): string {
  if (!color || entities.length === 0) return text;
  let out = "";
  let active = "";
  for (let index = 0; index <= text.length; index++) {
    const codes = entities
      .filter((entity) => entity.offset <= index && index < entity.offset + entity.length)
      .map((entity) => STYLES[entity.type])
      .filter((code): code is string => code !== undefined)
      .join(";");
    if (codes !== active) {
      out += codes === "" ? "\x1b[0m" : `\x1b[0m\x1b[${codes}m`;
      active = codes;
    }
    if (index < text.length) out += text[index];
  }
  return out;
}

export interface NumberedButton {
  label: string;
  data: string;
}

/** Inline buttons as `[#1 Collection] [#2 Airtime]`: typing `#1` presses the first. */
export function renderButtons(markup: InlineKeyboardMarkup | undefined, color: boolean): { text: string; buttons: NumberedButton[] } {
  const buttons: NumberedButton[] = [];
  const rows = (markup?.inline_keyboard ?? []).map((row) =>
    row
      .map((button) => {
        if (!("callback_data" in button) || button.callback_data === undefined) return `[${button.text}]`;
        buttons.push({ label: button.text, data: button.callback_data });
        const label = `[#${buttons.length} ${button.text}]`;
        return color ? `\x1b[7m${label}\x1b[0m` : label;
      })
      .join(" "),
  );
  return { text: rows.join("\n"), buttons };
}
