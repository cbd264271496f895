import { FormattedString } from "@grammyjs/parse-mode";
import { Composer, InlineKeyboard } from "grammy";
import type { ChatMember } from "grammy/types";
import { decideRequest, type RequestDecision } from "../../../access/use-cases/decide-request.ts";
import { groupAdded, groupRemoved } from "../../../access/use-cases/group-membership.ts";
import { requestAccess } from "../../../access/use-cases/request-access.ts";
import type { AccessRequest } from "../../../access/requests.ts";
import { personOf, type BotContext } from "../../context.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { accessButtons } from "../../buttons/access-buttons.ts";
import { formatDecidedRequest, formatRequest, personName } from "./access-format.ts";
import { formatHelp } from "../../views/format/help.ts";
import { concat } from "../../views/format/text.ts";
import { noteToAdmins, tell, type AccessFeatureDeps } from "./shared.ts";
import type { Reader } from "../../notify/messenger.ts";

/**
 * Asking for access, and deciding: a stranger's 🙋 Request access (on their refusal), the admins'
 * ✅ Approve / ❌ Deny, and groups the bot is added to (at once when an admin adds it, otherwise
 * as a request). A press is authorised when it is made: a non-admin pressing Approve (a forwarded
 * message, a forged payload) changes nothing, and a request is decided once.
 */
export function accessRequestsFeature(deps: AccessFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  deps.presses.on("requestAccess", (ctx) => askPressed(ctx, deps));
  deps.presses.on("approve", (ctx, { requestId }) => decidePressed(ctx, deps, requestId, "approved"));
  deps.presses.on("deny", (ctx, { requestId }) => decidePressed(ctx, deps, requestId, "denied"));

  composer.on("my_chat_member", async (ctx) => {
    const update = ctx.myChatMember;
    const chat = update.chat;
    if (chat.type !== "group" && chat.type !== "supergroup") return;
    const was = isIn(update.old_chat_member);
    const is = isIn(update.new_chat_member);
    if (!was && is) await addedToGroup(ctx, deps, { id: chat.id, name: chat.title });
    else if (was && !is) await removedFromGroup(ctx, deps, { id: chat.id, name: chat.title });
  });

  return composer;
}

const isIn = (member: ChatMember) => member.status === "member" || member.status === "administrator" || (member.status === "restricted" && member.is_member);

/** A stranger's 🙋: one request to the admins, then only toasts: pressing again costs nothing and sends nothing. */
async function askPressed(ctx: BotContext, deps: AccessFeatureDeps): Promise<void> {
  const toast = (key: string, variables?: Record<string, string>) => tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(key, variables) }), ctx.logger);
  const message = ctx.callbackQuery?.message;
  if (!message || message.chat.type !== "private") return void (await toast("toast-admins-only"));
  const subject = { ...personOf(ctx), language: ctx.from?.language_code };
  const asked = await requestAccess(deps, subject, message.chat.id);
  switch (asked.type) {
    case "no_admins":
      return void (await toast("toast-admins-only"));
    case "already_allowed":
      return void (await toast("toast-request-already-allowed"));
    case "pending":
      return void (await toast("toast-request-pending"));
    case "denied_recently":
      return void (await toast("toast-request-denied-recently", { time: ctx.when(asked.until, deps.now()) }));
    case "too_many":
      return void (await toast("toast-request-too-many"));
    case "asked":
      break;
  }
  await sendToAdmins(deps, asked.request);
  await toast("toast-request-sent");
  // The refusal loses its button, and says the request went.
  const refusal = "text" in message ? (message.text ?? "") : "";
  await tolerateHarmless(ctx.editMessageText(`${refusal}\n\n${ctx.t("request-sent-note")}`), ctx.logger);
}

async function sendToAdmins(deps: AccessFeatureDeps, request: AccessRequest): Promise<void> {
  const sent = await deps.messenger.send("a request for access, to the admins", "admins", ({ t }) => ({
    text: formatRequest(request, t),
    keyboard: new InlineKeyboard()
      .text(t("button-approve"), accessButtons.encode({ action: "approve", requestId: request.id }))
      .text(t("button-deny"), accessButtons.encode({ action: "deny", requestId: request.id })),
  }));
  await deps.access.requests.told(request.id, sent);
}

/** ✅ / ❌: decided once, by an admin (access/use-cases/decide-request.ts), whoever's message it was pressed on; then everyone is told. */
async function decidePressed(ctx: BotContext, deps: AccessFeatureDeps, requestId: string, decision: RequestDecision): Promise<void> {
  const toast = (key: string, variables?: Record<string, string>) => tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(key, variables) }), ctx.logger);
  const by = personOf(ctx);
  const result = await decideRequest(deps.access, requestId, decision, by, ctx.chat?.id, deps.now);
  switch (result.type) {
    case "not_admin":
      ctx.logger.info({ userId: ctx.from?.id, requestId }, "a non-admin pressed a request's button: nothing changed");
      return void (await toast("toast-admins-only"));
    case "gone":
      await tolerateHarmless(ctx.editMessageReplyMarkup(), ctx.logger);
      return void (await toast("toast-request-expired"));
    case "already":
      await showDecided(ctx, deps, result.request);
      return void (await toast("toast-already-decided", { admin: result.request.decided ? personName(result.request.decided.by) : "?" }));
    case "decided":
      break;
  }
  const { request } = result;
  // The requester's app language, as seen when they asked: until they choose one.
  const language = request.kind === "user" ? request.subject.language : undefined;
  if (decision === "approved") {
    const help = (t: Reader["t"]) => formatHelp(t, { chatType: request.kind === "user" ? "private" : "group", botUsername: ctx.me.username, admin: false });
    await tell(deps, request.subject.id, ({ t }) => concat([new FormattedString(t(request.kind === "user" ? "access-granted-welcome" : "group-approved")), help(t)], "\n\n"), language);
  } else {
    await tell(deps, request.subject.id, ({ t }) => t(request.kind === "user" ? "access-request-declined" : "group-request-declined"), language);
  }
  await showDecided(ctx, deps, request);
  await noteToAdmins(deps, ({ t }) => t(decision === "approved" ? "admin-note-approved" : "admin-note-denied", { by: personName(by), name: personName(request.subject), id: String(request.subject.id) }), ctx.chat?.id);
  await toast(decision === "approved" ? "toast-approved" : "toast-denied");
}

/** Every admin message about the request says who decided and when, and loses its buttons. */
async function showDecided(ctx: BotContext, deps: AccessFeatureDeps, request: AccessRequest): Promise<void> {
  const pressedOn = ctx.callbackQuery?.message;
  const messages = [...request.adminMessages];
  if (pressedOn && !messages.some((sent) => sent.chatId === pressedOn.chat.id && sent.messageId === pressedOn.message_id)) messages.push({ chatId: pressedOn.chat.id, messageId: pressedOn.message_id });
  for (const { chatId, messageId } of messages) {
    // Each admin's message in that admin's (or the admin chat's) language.
    const decided = formatDecidedRequest(request, deps.messenger.readerFor(chatId).t, deps.clock);
    await ctx.api.editMessageText(chatId, messageId, decided.text, { entities: decided.entities }).catch((error: unknown) => ctx.logger.debug({ err: error, chatId }, "an admin's request message was not updated"));
  }
}

/** Added to a group: allowed at once by an admin; otherwise the group is told the admins were asked. */
async function addedToGroup(ctx: BotContext, deps: AccessFeatureDeps, group: { id: number; name: string }): Promise<void> {
  const by = personOf(ctx);
  // This update is the group's: its language, else the language of whoever added the bot.
  const t = ctx.t;
  const hello = () => tell(deps, group.id, () => concat([new FormattedString(t("group-hello")), formatHelp(t, { chatType: "group", botUsername: ctx.me.username, admin: false })], "\n\n"));
  const asked = await groupAdded(deps, group, by);
  if (asked.type === "allowed_already") return void (await hello());
  if (asked.type === "added") {
    await hello();
    await noteToAdmins(deps, ({ t: adminT }) => adminT("admin-group-added", { by: personName(by), title: personName(group), id: String(group.id) }), group.id);
    return;
  }
  if (asked.type === "no_admins") return void (await tell(deps, group.id, () => t("access-denied-group", { chatId: String(group.id) })));
  if (asked.type === "asked") await sendToAdmins(deps, asked.request);
  const key = asked.type === "asked" ? "group-not-allowed-yet" : asked.type === "too_many" ? "group-too-many" : asked.type === "pending" ? "group-request-pending" : "group-request-declined";
  await tell(deps, group.id, () => t(key));
}

/** Removed from a group: a grant given from the chat ends with it (the configuration's stays). */
async function removedFromGroup(ctx: BotContext, deps: AccessFeatureDeps, group: { id: number; name: string }): Promise<void> {
  // Whatever gave the group access, nothing more can be sent there (its bulk checks stop).
  const taken = await groupRemoved(deps, group, personOf(ctx), (whose) => deps.bulkChecks.stopWhereAccessEnded(whose));
  if (taken.type !== "revoked") return;
  await noteToAdmins(deps, ({ t }) => t("admin-group-removed", { title: personName(group), id: String(group.id) }), group.id);
}
