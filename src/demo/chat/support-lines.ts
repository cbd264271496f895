import type { Message, Update } from "grammy/types";
import type { CaseStore } from "../../payments/cases/case-store.ts";
import { messageFrom, type Conversation, type DemoPeople, type Say } from "./fake-chat.ts";

export interface SupportLinesParts {
  people: DemoPeople;
  conversation: Conversation;
  say: Say;
  caseStore: Pick<CaseStore, "load" | "caseOfMessage">;
}

/** The first line of a message, shortened: what a reply is to. */
const gist = (message: Message | undefined) => {
  const first = (message?.text ?? "").split("\n")[0] ?? "";
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
};

/** The lines of a case's talk: the support team's member in the support chat, and the agent's replies to the bot. */
export function supportLines({ people, conversation, say, caseStore }: SupportLinesParts) {
  const { user, chat, supportChat, supportMember, headOf } = people;
  const { sent } = conversation;

  /**
   * `/support TEXT`: the support team's member writes TEXT in the support chat, as a reply to the
   * last message the bot posted there (a card, or an agent's message); `/support #N TEXT` replies
   * to case #N's card; `/support /cases` (any command) is sent there as it is.
   */
  async function supportUpdate(typed: string): Promise<Update | undefined> {
    const numbered = /^#(\d+)(?:\s+([\s\S]*))?$/.exec(typed);
    const text = numbered ? (numbered[2] ?? "").trim() : typed;
    if (text === "") {
      say("(/support TEXT writes TEXT in the support chat as Kofi from the support team, a reply to the latest card or message there; /support #N TEXT replies to case #N's card; /support /cases sends a command there)\n");
      return undefined;
    }
    let replyTo: Message | undefined;
    if (numbered) {
      const value = await caseStore.load(Number(numbered[1]));
      if (!value) {
        say(`(there is no case #${numbered[1]}: /support #N TEXT replies to case #N's card)\n`);
        return undefined;
      }
      replyTo = value.card && sent.get(value.card.messageId);
    } else if (!text.startsWith("/")) {
      replyTo = [...sent.values()].filter((message) => message.chat.id === supportChat.id).at(-1);
      if (!replyTo) {
        say("(no card in the support chat yet: open a case first, e.g. /escalate COL-FAILED-1)\n");
        return undefined;
      }
    }
    const head = headOf(supportChat.id, supportMember.first_name);
    say(`${head}${text}${replyTo ? `\n${" ".repeat(head.length)}(a reply to: ${gist(replyTo)})` : ""}\n`);
    return { update_id: conversation.nextUpdateId++, message: messageFrom(conversation, supportMember, supportChat, text, replyTo) };
  }

  /** `/reply TEXT`: the agent replies to the bot's latest message of a case (`/reply #N TEXT`: of case #N), as Telegram's Reply does. */
  async function agentReplyUpdate(typed: string): Promise<Update | undefined> {
    const numbered = /^#(\d+)(?:\s+([\s\S]*))?$/.exec(typed);
    const text = numbered ? (numbered[2] ?? "").trim() : typed;
    if (text === "") {
      say("(/reply TEXT answers the bot's latest message of a case, as Telegram's Reply does; /reply #N TEXT, its latest of case #N)\n");
      return undefined;
    }
    let replyTo: Message | undefined;
    for (const message of [...sent.values()].reverse()) {
      if (message.chat.id !== chat.id) continue;
      const number = (await caseStore.caseOfMessage(chat.id, message.message_id))?.number;
      if (number !== undefined && (!numbered || number === Number(numbered[1]))) {
        replyTo = message;
        break;
      }
    }
    if (!replyTo) {
      say(numbered ? `(no message of case #${numbered[1]} to reply to)\n` : "(no message of a case to reply to yet: open a case first, e.g. /escalate COL-FAILED-1)\n");
      return undefined;
    }
    say(`     (a reply to: ${gist(replyTo)})\n`);
    return { update_id: conversation.nextUpdateId++, message: messageFrom(conversation, user, chat, text, replyTo) };
  }

  return { supportUpdate, agentReplyUpdate };
}
