import { Composer, InlineKeyboard, type CommandContext } from "grammy";
import { MOST_USES_PER_INVITE } from "../../../access/invites.ts";
import { isAdmin } from "../../../access/policy.ts";
import { allowAccess } from "../../../access/use-cases/allow-access.ts";
import { createInvite, revokeInvite } from "../../../access/use-cases/manage-invites.ts";
import { parseTelegramId } from "../../../access/telegram-id.ts";
import { personOf, type BotContext } from "../../context.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { accessButtons } from "../../buttons/access-buttons.ts";
import type { PressHandler } from "../../buttons/router.ts";
import { commands } from "../../views/commands.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { formatInvites, formatUsersPage, inviteLabel, personName, userListEntries, usersPages, USERS_PER_PAGE } from "./access-format.ts";
import { noteToAdmins, revokeAndTell, type AccessFeatureDeps } from "./shared.ts";

/**
 * What admins do from the chat: /invite, /invites, /users, /allow and /revoke, with the buttons of
 * their lists. They work in a private chat with the bot and in ADMIN_CHAT_ID (and /allow inside a
 * group, for that group). Anyone else who sends one gets what an unknown command gets: nothing
 * here hints at what they do.
 */
export function accessAdminFeature(deps: AccessFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const admins = composer.filter((ctx) => isAdmin(deps.access.policy, ctx.from?.id));
  /** Where admin commands work; elsewhere an admin is told where to send them. */
  const here = async (ctx: BotContext) => {
    if (ctx.chat?.type === "private" || deps.messenger.isAdminChat(ctx.chat?.id)) return true;
    await ctx.reply(ctx.t("admin-only-here"), { reply_parameters: replyTo(ctx) });
    return false;
  };

  admins.command(commands.invite.name, async (ctx) => {
    if (!(await here(ctx))) return;
    // "/invite", "/invite 3", "/invite 3 new agents in Kumasi", "/invite Ama": how many, and for whom.
    const [, count, rest = ""] = /^(\d+)?\s*([\s\S]*)$/.exec(ctx.match.trim()) ?? [];
    const uses = count === undefined ? 1 : Number(count);
    const by = personOf(ctx);
    const created = await createInvite(deps, by, uses, deps.inviteTtlMs, cleanServiceText(rest, 40) || undefined, ctx.chat.id);
    if (created.type === "bad_uses") {
      await ctx.reply(ctx.t("invite-usage", { max: String(MOST_USES_PER_INVITE) }), { reply_parameters: replyTo(ctx) });
      return;
    }
    const { code, invite } = created;
    const link = `https://t.me/${ctx.me.username}?start=${code}`;
    const until = ctx.when(invite.expiresAt, deps.now());
    await ctx.reply(ctx.t(uses === 1 ? "admin-invite-created-one" : "admin-invite-created-many", { link, until, count: String(uses) }), {
      reply_parameters: replyTo(ctx),
      link_preview_options: { is_disabled: true },
    });
    await noteToAdmins(deps, (reader) => reader.t("admin-note-invited", { by: personName(by), count: uses }), ctx.chat.id);
  });

  admins.command(commands.invites.name, async (ctx) => {
    if (!(await here(ctx))) return;
    await showInvites(ctx, deps, "reply");
  });

  admins.command(commands.users.name, async (ctx) => {
    if (!(await here(ctx))) return;
    await showUsers(ctx, deps, 0, "reply");
  });

  admins.command(commands.allow.name, async (ctx) => {
    const target = ctx.match.trim();
    // Inside a group, /allow alone allows that group.
    if (target === "" && (ctx.chat.type === "group" || ctx.chat.type === "supergroup")) return allow(ctx, deps, "chat", ctx.chat.id, ctx.chat.title);
    if (!(await here(ctx))) return;
    const id = parseTelegramId(target);
    if (id === undefined) {
      await ctx.reply(ctx.t("admin-allow-usage"), { reply_parameters: replyTo(ctx) });
      return;
    }
    await allow(ctx, deps, id < 0 ? "chat" : "user", id, undefined);
  });

  admins.command(commands.revoke.name, async (ctx) => {
    if (!(await here(ctx))) return;
    const id = parseTelegramId(ctx.match.trim());
    if (id === undefined) {
      await ctx.reply(ctx.t("admin-revoke-usage"), { reply_parameters: replyTo(ctx) });
      return;
    }
    const taken = await revokeAndTell(deps, ctx, { kind: id < 0 ? "chat" : "user", id });
    const text =
      taken.type === "revoked"
        ? ctx.t("admin-revoked", { name: personName(taken.grant.subject), id: String(id) })
        : taken.type === "configured"
          ? ctx.t("admin-revoke-config", { id: String(id), list: taken.list })
          : ctx.t("admin-revoke-none", { id: String(id) });
    await ctx.reply(text, { reply_parameters: replyTo(ctx) });
  });

  /** An admin's button: pressed by anyone else (a forwarded list, a forged payload), a toast, and nothing changes. */
  const forAdmins = <A extends "usersPage" | "revoke" | "uninvite">(action: A, handler: PressHandler<A>) =>
    deps.presses.on(action, async (ctx, press) => {
      if (isAdmin(deps.access.policy, ctx.from.id)) return handler(ctx, press);
      ctx.logger.info({ userId: ctx.from.id, action }, "a non-admin pressed an admin button: nothing changed");
      await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-admins-only") }), ctx.logger);
    });
  forAdmins("usersPage", async (ctx, { page }) => {
    await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
    await showUsers(ctx, deps, page, "edit");
  });
  forAdmins("revoke", async (ctx, { kind, id, page }) => {
    const taken = await revokeAndTell(deps, ctx, { kind, id });
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(taken.type === "revoked" ? "toast-revoked" : "toast-nothing-to-revoke") }), ctx.logger);
    await showUsers(ctx, deps, page, "edit");
  });
  forAdmins("uninvite", async (ctx, { publicId }) => {
    const by = personOf(ctx);
    const revoked = await revokeInvite(deps, publicId, by, ctx.chat?.id);
    if (revoked) {
      await noteToAdmins(deps, (reader) => reader.t("admin-note-invite-revoked", { by: personName(by), id: inviteLabel(revoked) }), ctx.chat?.id);
    }
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(revoked ? "toast-invite-revoked" : "toast-invite-gone") }), ctx.logger);
    await showInvites(ctx, deps, "edit");
  });

  return composer;
}

const replyTo = (ctx: BotContext) => ({ message_id: ctx.msg?.message_id ?? 0, allow_sending_without_reply: true });

async function allow(ctx: CommandContext<BotContext>, deps: AccessFeatureDeps, kind: "user" | "chat", id: number, name: string | undefined): Promise<void> {
  const by = personOf(ctx);
  const allowed = await allowAccess(deps, { kind, id, name }, by, ctx.chat.id);
  if (allowed.type === "already") {
    await ctx.reply(ctx.t("admin-already-allowed", { id: String(id) }), { reply_parameters: replyTo(ctx) });
    return;
  }
  const { subject } = allowed;
  await ctx.reply(ctx.t(kind === "user" ? "admin-allowed-user" : "admin-allowed-group", { id: String(id) }), { reply_parameters: replyTo(ctx) });
  await noteToAdmins(deps, (reader) => reader.t("admin-note-allowed", { by: personName(by), name: personName(subject), id: String(id) }), ctx.chat.id);
}

async function showUsers(ctx: BotContext, deps: AccessFeatureDeps, page: number, how: "reply" | "edit"): Promise<void> {
  const { policy } = deps.access;
  const entries = userListEntries(policy, await deps.access.grants.list());
  const pages = usersPages(entries);
  const shownPage = Math.min(page, pages - 1);
  const message = formatUsersPage(entries, shownPage, policy.allowEveryone, ctx.t, ctx.day);
  const keyboard = new InlineKeyboard();
  for (const entry of entries.slice(shownPage * USERS_PER_PAGE, (shownPage + 1) * USERS_PER_PAGE)) {
    if (entry.source.type !== "granted") continue;
    keyboard.text(ctx.t("button-revoke", { name: entry.name ? personName({ id: entry.id, name: entry.name }).slice(0, 24) : String(entry.id) }), accessButtons.encode({ action: "revoke", kind: entry.kind, id: entry.id, page: shownPage })).row();
  }
  if (pages > 1) {
    if (shownPage > 0) keyboard.text(ctx.t("button-previous"), accessButtons.encode({ action: "usersPage", page: shownPage - 1 }));
    if (shownPage < pages - 1) keyboard.text(ctx.t("button-next"), accessButtons.encode({ action: "usersPage", page: shownPage + 1 }));
  }
  const extra = { entities: message.entities, ...(keyboard.inline_keyboard.some((row) => row.length > 0) ? { reply_markup: keyboard } : {}) };
  if (how === "reply") await ctx.reply(message.text, { ...extra, reply_parameters: replyTo(ctx) });
  else await tolerateHarmless(ctx.editMessageText(message.text, extra), ctx.logger);
}

async function showInvites(ctx: BotContext, deps: AccessFeatureDeps, how: "reply" | "edit"): Promise<void> {
  const open = await deps.access.invites.open();
  const message = formatInvites(open, ctx.t, (at) => ctx.when(at, deps.now()));
  const keyboard = new InlineKeyboard();
  for (const invite of open.slice(0, 50)) keyboard.text(ctx.t("button-uninvite", { id: inviteLabel(invite) }), accessButtons.encode({ action: "uninvite", publicId: invite.publicId })).row();
  const extra = { entities: message.entities, ...(open.length > 0 ? { reply_markup: keyboard } : {}) };
  if (how === "reply") await ctx.reply(message.text, { ...extra, reply_parameters: replyTo(ctx) });
  else await tolerateHarmless(ctx.editMessageText(message.text, extra), ctx.logger);
}
