import { FormattedString } from "@grammyjs/parse-mode";
import { Composer } from "grammy";
import { redeemInvite } from "../../../access/use-cases/redeem-invite.ts";
import { personOf, type BotContext } from "../../context.ts";
import { isInviteStart } from "../../message-command.ts";
import { personName } from "./access-format.ts";
import { formatHelp } from "../../views/format/help.ts";
import { concat } from "../../views/format/text.ts";
import { type AccessFeatureDeps } from "./shared.ts";

/**
 * Opening an invite link sends `/start <code>`: the person is let in at once, told how to use the
 * bot, and the admins hear who joined with whose invite. A code that is unknown, used up or expired
 * lets nobody in, and says so (once per window: strangers are answered sparingly).
 */
export function joinByInviteFeature(deps: AccessFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.filter(isInviteStart).on("message:text", async (ctx) => {
    const reply = (message: FormattedString | string) => {
      const formatted = typeof message === "string" ? new FormattedString(message) : message;
      return ctx.reply(formatted.text, { entities: formatted.entities, link_preview_options: { is_disabled: true }, reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } });
    };
    const help = () => formatHelp(ctx.t, { chatType: "private", botUsername: ctx.me.username, admin: false });
    const code = ctx.msg.text.split(/\s+/)[1] ?? "";
    const who = personOf(ctx);
    const redeemed = await redeemInvite(deps, code, who, ctx.chat.id);
    if (redeemed.type === "already_allowed") {
      await reply(concat([new FormattedString(ctx.t("invite-already")), help()], "\n\n"));
      return;
    }
    if (redeemed.type === "invalid") {
      if (await deps.flags.setIfAbsent(`stranger:invite:u:${who.id}`, "1", deps.windowMs)) await reply(ctx.t("invite-invalid"));
      return;
    }
    const { by } = redeemed;
    await reply(concat([new FormattedString(ctx.t("invite-joined")), help()], "\n\n"));
    await deps.messenger.send("who joined, to the admins", "admins", (reader) => reader.t("admin-joined", { name: personName(who), id: String(who.id), by: personName(by) }));
  });
  return composer;
}
