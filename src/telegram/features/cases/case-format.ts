import { FormattedString } from "@grammyjs/parse-mode";
import type { MessageEntity, MessageOrigin } from "grammy/types";
import { stateOf, type Case, type CaseAgent, type CasePerson } from "../../../payments/cases/case.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import type { Translate } from "../../views/format/translate.ts";
import { formatDuration } from "../../views/format/numbers.ts";
import { formatOutcomeBlock } from "../../views/format/outcome.ts";
import { bold, concat, fitMessage, line, mono, TELEGRAM_TEXT_LIMIT, type Clock } from "../../views/format/text.ts";

/** What case messages need: the reader's words, BOT_TIMEZONE's clock and days, and the time now (ages). */
export interface CaseFormats {
  t: Translate;
  clock: Clock;
  day: (at: number) => string;
  now: number;
}

/** A caption is shorter than a message. */
export const CAPTION_LIMIT = 1_024;

/** A person as cases show them: their name (cleaned: it is theirs), @username, and user ID. */
export function casePerson(who: CasePerson): string {
  const name = cleanServiceText(who.name, 64) || String(who.userId);
  return who.username ? `${name} @${cleanServiceText(who.username, 40)}` : name;
}

/** A name alone, for the lines that speak of someone ("Kofi from support is on case #12"). */
export const caseName = (who: CasePerson): string => cleanServiceText(who.name, 64) || String(who.userId);

/** How long a case has been open: "under a minute" for one seconds old (never "1 min"), then "5 min", "2 h 5 min"… */
export const caseAge = (ms: number, t: Translate): string => (ms < 60_000 ? t("case-age-new") : formatDuration(ms, t));

/** A moment: the time of day, with its day when it was not within the last 20 hours. */
function at(moment: number, f: CaseFormats): string {
  const time = f.clock(new Date(moment));
  return f.now - moment < 20 * 3_600_000 ? time : `${f.day(moment)} ${time}`;
}

const kindName = (value: Case, t: Translate) => t(value.kind === "collection" ? "kind-collection" : "kind-airtime");

/**
 * The card in the support chat: the case, the payment as last checked (status, MNO reference,
 * reason), each agent (name, @username, user ID, what the customer says), and who took and resolved
 * it. Edited in place as the case moves on. Within Telegram's limit whatever the notes.
 */
export function formatCard(value: Case, f: CaseFormats): FormattedString {
  const { t } = f;
  const state = stateOf(value);
  const lines: FormattedString[] = [
    line(bold(t("case-card-heading", { number: value.number, state }))),
    formatOutcomeBlock(value.last, t, { clock: f.clock }),
  ];
  if (value.settledAt !== undefined) lines.push(line(t("case-card-settled", { time: at(value.settledAt, f) })));
  lines.push(line(t("case-card-checked", { time: at(value.last.checkedAt.getTime(), f) })));
  // The case is its first agent's; anyone else who asked about the payment is listed as such, with their note.
  value.agents.forEach((agent, index) => lines.push(agentLines(agent, f, index === 0 ? "case-card-agent" : "case-card-also-asked")));
  lines.push(line(t("case-card-opened", { time: at(value.openedAt, f) })));
  if (value.takenBy) lines.push(line(t("case-card-taken", { who: casePerson(value.takenBy), time: at(value.takenBy.at, f) })));
  if (value.resolvedBy) lines.push(line(t("case-card-resolved", { who: casePerson(value.resolvedBy), time: at(value.resolvedBy.at, f) })));
  return fitMessage(concat(lines, "\n"));
}

function agentLines(agent: CaseAgent, f: CaseFormats, label: "case-card-agent" | "case-card-also-asked"): FormattedString {
  const { t } = f;
  const lines = [line(`${t(label)} ${casePerson(agent)} (`, mono(String(agent.userId)), ")")];
  if (agent.note) lines.push(line(`${t("case-card-note")} `, cleanServiceText(agent.note, 1_000)));
  if (agent.unreachableSince !== undefined) lines.push(line(t("case-card-unreachable", { time: at(agent.unreachableSince, f) })));
  return concat(lines, "\n");
}

/** The name of a topic made for a case: `#12 · COL-123` (Telegram allows 128 characters; an ID has at most 64). */
export const topicName = (value: Case): string => `#${value.number} · ${value.transactionId}`;

/** A message of a case to its agents or to support: a heading line, then the payment when it matters. */
export function formatCaseNotice(key: string, value: Case, f: Pick<CaseFormats, "t" | "clock">, variables: Record<string, string | number> = {}, withPayment = false): FormattedString {
  const heading = new FormattedString(f.t(key, { number: value.number, ...variables }));
  return fitMessage(withPayment ? concat([heading, formatOutcomeBlock(value.last, f.t, { clock: f.clock })], "\n\n") : heading);
}

/** What a relayed message says: its text (or caption) and their entities, as Telegram gave them. */
export interface RelayedText {
  text: string | undefined;
  entities: readonly MessageEntity[] | undefined;
}

/**
 * A message relayed to the other side: "💬 Kofi (support), case #12:", where it was forwarded from
 * when it was, and what was said, its formatting kept (bold, italic, code…) but every link's address
 * shown as text, cut to fit.
 */
export function formatRelay(heading: string, said: RelayedText, limit: number, forwarded?: string): FormattedString {
  const head = forwarded === undefined ? bold(heading) : concat([bold(heading), forwarded], "\n");
  const body = said.text === undefined || said.text === "" ? undefined : shownPlainly(said.text, said.entities ?? []);
  return fitMessage(body ? concat([head, body], "\n") : head, limit);
}

/** Formatting that shows on the text itself, or marks what the text plainly says (an address, a @username): kept as sent. */
const KEPT_ENTITIES = new Set<MessageEntity["type"]>([
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "spoiler",
  "code",
  "pre",
  "blockquote",
  "expandable_blockquote",
  "url",
  "email",
  "phone_number",
  "mention",
  "hashtag",
  "cashtag",
  "bot_command",
]);
/** At most this much of one address is shown (cut with "…"). */
const ADDRESS_LIMIT = 512;

/**
 * Someone's text as the bot may show it in a message of its own: the formatting stays; a link
 * behind a label (`text_link`) becomes the label followed by its address, "label (https://…)", so
 * nothing the bot shows leads somewhere unseen; a mention of a user without a username and a
 * custom emoji lose their entity (their text stays).
 */
function shownPlainly(text: string, entities: readonly MessageEntity[]): FormattedString {
  let shown = text;
  let kept: MessageEntity[] = entities.filter((entity) => KEPT_ENTITIES.has(entity.type)).map((entity) => ({ ...entity }));
  const links = entities
    .filter((entity): entity is MessageEntity.TextLinkMessageEntity => entity.type === "text_link")
    .map((entity) => ({ at: entity.offset + entity.length, label: text.slice(entity.offset, entity.offset + entity.length).trim(), address: cleanServiceText(entity.url, ADDRESS_LIMIT) }))
    .filter((link) => link.address !== "" && link.label !== link.address)
    // From the last to the first: each insertion moves only what comes after it.
    .sort((a, b) => b.at - a.at);
  for (const link of links) {
    const added = ` (${link.address})`;
    shown = `${shown.slice(0, link.at)}${added}${shown.slice(link.at)}`;
    kept = kept.map((entity) => {
      if (entity.offset >= link.at) return { ...entity, offset: entity.offset + added.length };
      if (entity.offset + entity.length > link.at) return { ...entity, length: entity.length + added.length };
      return entity;
    });
  }
  return new FormattedString(shown, kept);
}

/** Who a forwarded message came from, as its origin names them (cleaned: it is someone else's text). */
export function forwardedFrom(origin: MessageOrigin): string {
  const named = (name: string, username?: string) => {
    const clean = cleanServiceText(name, 64) || "?";
    return username ? `${clean} @${cleanServiceText(username, 40)}` : clean;
  };
  const signed = (name: string, signature: string | undefined) => (signature ? `${name} (${cleanServiceText(signature, 64)})` : name);
  switch (origin.type) {
    case "user":
      return named([origin.sender_user.first_name, origin.sender_user.last_name].filter(Boolean).join(" "), origin.sender_user.username);
    case "hidden_user":
      return named(origin.sender_user_name);
    case "chat":
      return signed(named(origin.sender_chat.title ?? "", "username" in origin.sender_chat ? origin.sender_chat.username : undefined), origin.author_signature);
    case "channel":
      return signed(named(origin.chat.title, origin.chat.username), origin.author_signature);
  }
}

/** Where a card can be opened from a list: supergroups only have links to their messages. */
export function cardLink(value: Case): string | undefined {
  const card = value.card;
  const chat = card ? String(card.chatId) : "";
  if (!card || !chat.startsWith("-100")) return undefined;
  return `https://t.me/c/${chat.slice(4)}/${card.threadId !== undefined ? `${card.threadId}/` : ""}${card.messageId}`;
}

/** /cases in the support chat: open cases, oldest first, with their age and who took them, each linked to its card. */
export function formatSupportCases(cases: readonly Case[], f: CaseFormats): FormattedString {
  const { t } = f;
  if (cases.length === 0) return new FormattedString(t("cases-none-support"));
  const lines = cases.map((value) => caseLine(value, f, true));
  return fitList(bold(t("cases-heading-support", { count: cases.length })), lines);
}

/** An agent's /cases in private: theirs, oldest first. */
export function formatAgentCases(cases: readonly Case[], f: CaseFormats): FormattedString {
  const { t } = f;
  if (cases.length === 0) return new FormattedString(t("cases-none-agent"));
  return fitList(bold(t("cases-heading-agent", { count: cases.length })), cases.map((value) => caseLine(value, f, false)));
}

function caseLine(value: Case, f: CaseFormats, linked: boolean): FormattedString {
  const { t } = f;
  const label = `#${value.number}`;
  const link = linked ? cardLink(value) : undefined;
  const number = link ? FormattedString.link(label, link) : bold(label);
  const who = value.takenBy ? t("cases-taken-by", { who: caseName(value.takenBy) }) : t("cases-not-taken");
  return line(number, ` · ${kindName(value, t)} `, mono(value.transactionId), ` · ${caseAge(f.now - value.openedAt, t)} · ${who}`);
}

/** An agent with several open cases wrote without Reply: how to reach support, and their cases, oldest first. */
export function formatCaseOffer(cases: readonly Case[], t: Translate): FormattedString {
  return fitList(
    new FormattedString(t("case-offer-many", { count: cases.length })),
    cases.map((value) => line(bold(`#${value.number}`), ` · ${kindName(value, t)} `, mono(value.transactionId))),
  );
}

/** A heading and as many lines as fit in one message (the oldest, which come first, are kept). */
function fitList(heading: FormattedString, lines: readonly FormattedString[]): FormattedString {
  const kept: FormattedString[] = [];
  let length = heading.text.length;
  for (const entry of lines) {
    if (length + entry.text.length + 1 > TELEGRAM_TEXT_LIMIT - 2) break;
    kept.push(entry);
    length += entry.text.length + 1;
  }
  return concat([heading, ...kept, ...(kept.length < lines.length ? ["…"] : [])], "\n");
}
