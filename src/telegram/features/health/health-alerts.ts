import type { DailyDigest } from "../../../payments/health/reporting/daily-digest.ts";
import type { HealthChange } from "../../../payments/health/judging/provider-state.ts";
import type { TokenExpiryStage } from "../../../payments/service-token/token-expiry.ts";
import { formatDigest, formatHealthChange, formatTokenExpiry, type HealthFormats } from "./health-format.ts";
import { concat, type Clock } from "../../views/format/text.ts";
import type { Destination, Messenger, Reader } from "../../notify/messenger.ts";

/** What the provider's health tells, and to whom. */
export interface HealthAnnouncer {
  /** Changes of state: to the admins and to HEALTH_ALERT_CHAT_IDS, in one message per chat and topic. */
  changes: (changes: readonly HealthChange[]) => Promise<void>;
  /** The service token's expiry: to the admins. */
  tokenExpiry: (stage: TokenExpiryStage, expiresAt: Date) => Promise<void>;
  /** The daily summary: to the admins and to HEALTH_ALERT_CHAT_IDS. */
  digest: (digest: DailyDigest) => Promise<void>;
}

export interface HealthAnnouncerOptions {
  messenger: Pick<Messenger, "send">;
  /** HEALTH_ALERT_CHAT_IDS: each chat, in the forum topic it names (one chat may be listed in several). */
  alertChats: readonly Destination[];
  clock: Clock;
}

export function healthAnnouncer({ messenger, alertChats, clock }: HealthAnnouncerOptions): HealthAnnouncer {
  const formats = (reader: Reader): HealthFormats => ({ t: reader.t, numbers: reader.numbers, clock, day: reader.day });
  const everyone = ["admins" as const, ...alertChats];
  return {
    changes: async (changes) => void (await messenger.send("a provider health alert", everyone, (reader) => concat(changes.map((change) => formatHealthChange(change, formats(reader))), "\n\n"))),
    tokenExpiry: async (stage, expiresAt) => void (await messenger.send("the service token's expiry", "admins", (reader) => formatTokenExpiry(stage, expiresAt, formats(reader)))),
    digest: async (digest) => void (await messenger.send("the daily summary", everyone, (reader) => formatDigest(digest, formats(reader)))),
  };
}
