import { InlineKeyboard } from "grammy";
import { worthACase } from "../../payments/cases/case.ts";
import { relevantOutcomes, type IdResult, type Query } from "../../payments/query.ts";
import type { Translate } from "../i18n.ts";
import { encodeButton } from "../buttons/answer-buttons.ts";
import { encodeCaseButton } from "../buttons/case-buttons.ts";
import { type ButtonStore } from "../stores/button-store.ts";

/** Who watches an answer's open payments in its chat: what its 🔔 button shows. */
export interface WatchState {
  chatType: "private" | "group" | "supergroup" | "channel";
  /** Distinct subscribers in this chat. */
  subscribers: number;
  /** Whether the person the keyboard is shown to is one of them (private chats). */
  mine: boolean;
}

/**
 * The buttons under an answer that is not final: 🔄 Refresh, and, where the bot can message the
 * chat later, 🔔 Notify me. A private chat's button turns into 🔕 Stop notifying; a group's keyboard
 * is shared, so it keeps 🔔 Notify me with the number of subscribers, and a 🔕 Stop for whoever
 * presses it.
 */
export async function answerKeyboard(query: Query, t: Translate, buttons: ButtonStore, watch: WatchState | undefined): Promise<InlineKeyboard> {
  const data = (action: "refresh" | "notify" | "stop") => encodeButton({ action, scope: query.scope, ids: query.ids }, buttons);
  const keyboard = new InlineKeyboard().text(t("button-refresh"), await data("refresh"));
  if (!watch || watch.chatType === "channel") return keyboard;
  if (watch.chatType === "private") {
    return watch.mine ? keyboard.text(t("button-stop-notifying"), await data("stop")) : keyboard.text(t("button-notify"), await data("notify"));
  }
  keyboard.text(watch.subscribers > 0 ? t("button-notify-count", { count: String(watch.subscribers) }) : t("button-notify"), await data("notify"));
  return watch.subscribers > 0 ? keyboard.text(t("button-stop"), await data("stop")) : keyboard;
}

/** Whether an answer is about one payment that is not SUCCESS (FAILED, not final, not found, not checked): worth a case. */
export function worthAskingSupport(query: Query, results: readonly IdResult[]): boolean {
  const [result] = results;
  if (query.ids.length !== 1 || results.length !== 1 || !result) return false;
  const relevant = relevantOutcomes(result);
  return relevant.length === 0 || relevant.some(worthACase);
}

/** 🆘 Ask support, on a row of its own under an answer's other buttons (or alone, under a FAILED answer that has none). */
export async function withAskSupport(keyboard: InlineKeyboard | undefined, query: Query, t: Translate, buttons: ButtonStore): Promise<InlineKeyboard> {
  const data = await encodeCaseButton({ action: "escalate", scope: query.scope, id: query.ids[0] ?? "" }, buttons);
  return (keyboard ? keyboard.row() : new InlineKeyboard()).text(t("button-ask-support"), data);
}
