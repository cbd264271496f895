import type { Logger } from "../../logger.ts";
import { createHistoryRecorder, type HistoryRecorder } from "../../payments/history/recording/recorder.ts";
import { startHistoryRetention } from "../../payments/history/retention-loop.ts";
import type { StateStore } from "../../state/ports.ts";
import type { BackgroundLoop } from "../../util/background-loop.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "../area.ts";
import type { AccessPolicy } from "../../access/policy.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { historyFeature } from "../../telegram/features/history/history.ts";
import { myChecksFeature } from "../../telegram/features/history/mychecks.ts";
import { exportFeature } from "../../telegram/features/history/export.ts";
import { runningExports } from "../../telegram/features/history/running-exports.ts";
import { Composer } from "grammy";
import type { BotContext } from "../../telegram/context.ts";
import type { AnswerDependencies } from "../../telegram/features/send-answer.ts";

export interface HistoryAreaOptions {
  settings: Pick<BotSettings, "historyDays" | "timeZone">;
  state: Pick<StateStore, "journal" | "leases">;
  logger: Logger;
  now: () => number;
}

/** What /history needs of the rest of the bot (built after the recorder, which the answers need). */
export interface HistoryChatDeps {
  policy: AccessPolicy;
  supportChatId: number | undefined;
  answers: AnswerDependencies;
  presses: PressRouter;
  /** ADMIN_CHAT_ID (or the supergroup it became), where /export works besides an admin's private chat. */
  isAdminChat: (chatId: number | undefined) => boolean;
}

/**
 * The history (payments/history/): the one recorder every answer goes through, /history, /mychecks, /export, and the loop that
 * forgets what is older than HISTORY_DAYS. With HISTORY_DAYS=0 nothing is written nor removed.
 */
export function historyArea({ settings, state, logger, now }: HistoryAreaOptions): Area & { recorder: HistoryRecorder; feature(deps: HistoryChatDeps): BotFeature } {
  const days = settings.historyDays;
  const recorder = createHistoryRecorder({ journal: state.journal, days, logger });
  let retention: BackgroundLoop | undefined;
  const exports = runningExports(state.leases);
  return {
    recorder,
    feature: ({ policy, supportChatId, answers, presses, isAdminChat }) => {
      const deps = { journal: state.journal, days, policy, supportChatId, isAdminChat, timeZone: settings.timeZone, answers, presses: presses.for("history") };
      return { name: "history", composer: new Composer<BotContext>(historyFeature({ ...deps, now }), myChecksFeature({ ...deps, now }), exportFeature({ ...deps, now, running: exports })) };
    },
    start() {
      if (days > 0) retention ??= startHistoryRetention({ journal: state.journal, days, logger, now });
    },
    stop: async (deadline) => {
      // An export running is cut off and its admin told so, rather than promised files that will not come.
      await Promise.all([retention?.stop(deadline.left()), exports.stop(deadline.left())]);
      retention = undefined;
    },
  };
}
