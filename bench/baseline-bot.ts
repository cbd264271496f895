import { Bot } from "grammy";

/**
 * The benchmark's baseline: the simplest bot that does the same job. grammY's default sequential
 * `bot.start()`, a plain handler, the enquiry made with `fetch`, the answer as plain text.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const base = env("ENQUIRY_BASE_URL");
const token = env("ENQUIRY_TOKEN");
const bot = new Bot(env("TELEGRAM_BOT_TOKEN"), { client: { apiRoot: env("TELEGRAM_API_ROOT") } });

bot.command(["collection", "airtime"], async (ctx) => {
  const kind = ctx.msg.text.startsWith("/airtime") ? "airtime" : "collection";
  const id = ctx.match.trim();
  const response = await fetch(`${base}/api/v1/${kind}/enquiry`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ transactionID: id }),
  });
  const body = (await response.json()) as { transaction?: { status?: string; mnoTransactionID?: string } };
  await ctx.reply(`${kind} ${id}: ${body.transaction?.status ?? "unknown"} ${body.transaction?.mnoTransactionID ?? ""}`, {
    reply_parameters: { message_id: ctx.msg.message_id },
  });
});

process.once("SIGTERM", () => void bot.stop().then(() => process.exit(0)));
await bot.start({ drop_pending_updates: false, onStart: () => console.log(JSON.stringify({ msg: "polling for updates" })) });
