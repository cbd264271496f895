import type { FormattedString } from "@grammyjs/parse-mode";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { DailyDigest } from "../../payments/health/daily-digest.ts";
import type { HealthChange } from "../../payments/health/provider-state.ts";
import type { TokenExpiryStage } from "../../payments/health/token-expiry.ts";
import { DEFAULT_LOCALE, type Translations } from "../i18n.ts";
import { formatDigest, formatHealthChange, formatTokenExpiry, type HealthFormats } from "../views/format/health.ts";
import { concat, type Clock } from "../views/format/text.ts";
import type { LanguageChoices } from "../stores/language-choices.ts";
import type { AdminChannel } from "./admin-channel.ts";
import { sendOutsideUpdate } from "./send-outside-update.ts";

/** What the provider's health tells, and to whom. */
export interface HealthAnnouncer {
  /** Changes of state: to the admins and to HEALTH_ALERT_CHAT_IDS, in one message per chat. */
  changes: (changes: readonly HealthChange[]) => Promise<void>;
  /** The service token's expiry: to the admins. */
  tokenExpiry: (stage: TokenExpiryStage, expiresAt: Date) => Promise<void>;
  /** The daily summary: to the admins and to HEALTH_ALERT_CHAT_IDS. */
  digest: (digest: DailyDigest) => Promise<void>;
}

export interface HealthAnnouncerOptions {
  api: Api;
  admins: AdminChannel;
  alertChatIds: ReadonlySet<number>;
  translations: Translations;
  clock: Clock;
  logger: Logger;
  /** The language chosen for a chat (a group's, or the admin's own in a private chat); the default language otherwise. */
  languages?: Pick<LanguageChoices, "localeFor">;
}

export function healthAnnouncer({ api, admins, alertChatIds, translations, clock, logger, languages }: HealthAnnouncerOptions): HealthAnnouncer {
  const formatsFor = (chatId: number): HealthFormats => {
    const locale = languages?.localeFor({ chatId }) ?? DEFAULT_LOCALE;
    return { t: translations.translatorFor(locale), numbers: translations.numbersFor(locale), clock, day: translations.dayFor(locale) };
  };
  const sendTo = async (what: string, chatIds: Iterable<number>, render: (formats: HealthFormats) => FormattedString) => {
    // A chat listed twice (the admin chat also among the alert chats) gets it once.
    for (const chatId of new Set(chatIds)) {
      const message = render(formatsFor(chatId));
      await sendOutsideUpdate(what, chatId, (to) => api.sendMessage(to, message.text, { entities: message.entities, link_preview_options: { is_disabled: true } }), logger);
    }
  };
  const everyone = () => [...admins.destinations(), ...alertChatIds];
  return {
    changes: (changes) => sendTo("a provider health alert", everyone(), (f) => concat(changes.map((change) => formatHealthChange(change, f)), "\n\n")),
    tokenExpiry: (stage, expiresAt) => sendTo("the service token's expiry", admins.destinations(), (f) => formatTokenExpiry(stage, expiresAt, f)),
    digest: (digest) => sendTo("the daily summary", everyone(), (f) => formatDigest(digest, f)),
  };
}
