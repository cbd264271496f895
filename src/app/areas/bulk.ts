import type { Api } from "grammy";
import type { AccessPolicy } from "../../access/policy.ts";
import type { Logger } from "../../logger.ts";
import { createBulkJobs, type BulkJobs } from "../../payments/bulk/bulk-jobs.ts";
import { mayContinueBulk } from "../../payments/bulk/may-continue.ts";
import type { BackgroundBudget } from "../../payments/budget.ts";
import type { Checker } from "../../payments/check.ts";
import type { StateStore } from "../../state/ports.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature, BotStores } from "../../telegram/create-bot.ts";
import { bulkUploadFeature } from "../../telegram/features/bulk/bulk-upload.ts";
import type { TelegramFiles } from "../../telegram/transport/files.ts";
import { bulkDelivery } from "../../telegram/features/bulk/bulk-delivery.ts";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "../area.ts";

export interface BulkAreaOptions {
  settings: Pick<BotSettings, "timeZone" | "bulkMaxIds">;
  state: StateStore;
  policy: AccessPolicy;
  budget: BackgroundBudget;
  checker: Checker;
  stores: Pick<BotStores, "aliases" | "buttons" | "flags">;
  api: Api;
  messenger: Messenger;
  instanceId: string;
  logger: Logger;
  /** The kind picked for a file, and ✖ Cancel, are pressed through the press router. */
  presses: PressRouter;
  /** Downloads users' files, through the API of the update that brought them. */
  files: (api: Api) => TelegramFiles;
}

/** Files of IDs checked in the background, one per user, told to their owner in Telegram; those a dead instance left are reported at start. */
export function bulkArea({ settings, state, policy, budget, checker, stores, api, messenger, instanceId, logger, presses, files }: BulkAreaOptions): Area & { jobs: BulkJobs; feature: BotFeature } {
  const jobs = createBulkJobs({
    state,
    budget,
    checker,
    delivery: bulkDelivery({ api, messenger, buttons: stores.buttons, timeZone: settings.timeZone, logger }),
    mayContinue: async (job) => mayContinueBulk(policy, job, job.chatId === job.ownerId ? undefined : await stores.aliases.formerIdOf(job.chatId)),
    instanceId,
    logger,
  });
  return {
    jobs,
    feature: { name: "bulk", composer: bulkUploadFeature({ jobs, files, buttons: stores.buttons, kv: stores.flags, maxIds: settings.bulkMaxIds, presses: presses.for("bulk") }) },
    start() {
      // Bulk checks a dead instance left running: their owners are told to send the file again.
      void jobs.recoverOrphans().catch((error: unknown) => void logger.warn({ err: error }, "could not look for interrupted bulk checks"));
    },
    // Running checks stop and send what they checked.
    stop: (deadline) => jobs.stop(deadline.left()),
  };
}
