import type { Config } from "../../config/config.ts";
import { failed, networkCause, passed, type CheckResult } from "./check.ts";

const TELEGRAM = "https://api.telegram.org";

/** The bot token works: `getMe`, and nothing else (doctor never sends a message to anyone). */
export async function checkTelegram(telegram: Config["telegram"], timeoutMs: number): Promise<CheckResult> {
  const label = "Telegram";
  const root = (telegram.apiRoot ?? TELEGRAM).replace(/\/+$/, "");
  const where = telegram.apiRoot ? `the Bot API at TELEGRAM_API_ROOT (${new URL(root).host})` : "Telegram";
  let response: Response;
  try {
    response = await fetch(`${root}/bot${telegram.botToken}/getMe`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return failed(label, `could not reach ${where} (${networkCause(error)}): check the network${telegram.apiRoot ? " and TELEGRAM_API_ROOT" : ""}`);
  }
  const body = (await response.json().catch(() => undefined)) as { ok?: boolean; result?: { id?: number; username?: string; first_name?: string } } | undefined;
  if (response.status === 401 || response.status === 404) {
    return failed(label, `${where} refused TELEGRAM_BOT_TOKEN (HTTP ${response.status}): copy it again from @BotFather (/mybots → API Token)`);
  }
  if (!response.ok || body?.ok !== true || body.result?.username === undefined) {
    return failed(label, `${where} answered HTTP ${response.status} to getMe: try again later${telegram.apiRoot ? ", or check TELEGRAM_API_ROOT" : ""}`);
  }
  return passed(label, `the bot token works: @${body.result.username} (${body.result.first_name ?? "no name"}, ID ${body.result.id ?? "?"})`);
}
