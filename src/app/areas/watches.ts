import type { AccessPolicy } from "../../access/policy.ts";
import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import type { BackgroundBudget } from "../../payments/budget.ts";
import type { Checker } from "../../payments/check.ts";
import { mayWatch } from "../../payments/watches/may-watch.ts";
import { startWatchScheduler } from "../../payments/watches/scheduler.ts";
import type { WatchStore } from "../../payments/watches/watch-store.ts";
import type { ChatWatch } from "../../payments/watches/target.ts";
import type { StateStore } from "../../state/ports.ts";
import type { Api } from "grammy";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import { startWatchNotifier } from "../../telegram/features/watches/watch-notifier.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature, BotStores } from "../../telegram/create-bot.ts";
import type { AnswerDependencies } from "../../telegram/features/send-answer.ts";
import { watchFeature } from "../../telegram/features/watches/watch.ts";
import { clockIn } from "../../telegram/views/format/text.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "../area.ts";

export interface WatchesAreaOptions {
  settings: Pick<BotSettings, "watches" | "backgroundPerSecond" | "timeZone" | "support">;
  store: WatchStore;
  state: StateStore;
  policy: AccessPolicy;
  budget: BackgroundBudget;
  checker: Checker;
  /** True while the service token is rejected: no check until it changes. */
  tokenPaused: () => Promise<boolean>;
  stores: Pick<BotStores, "aliases" | "shownAnswers" | "buttons">;
  /** Sends notices outside any update (no auto-retry: the notifier waits out 429s itself). */
  api: Api;
  messenger: Messenger;
  logger: Logger;
  metrics?: Metrics | undefined;
  /** 🔔 Notify me under answers, /watch, /watches, /unwatch: what answers show, and the presses they register. */
  answers: AnswerDependencies;
  presses: PressRouter;
}

/** The waiting agents no longer do: watched payments checked in the background within the budget, and one message each when they settle. */
export function watchesArea(options: WatchesAreaOptions): Area & { feature: BotFeature } {
  const { settings, store, stores, logger, metrics } = options;
  let running: { stop(graceMs: number): Promise<void> }[] = [];
  // Asked before each check and again before each notice: access may end between the two.
  const chatMayWatch = async (watch: Pick<ChatWatch, "chatId" | "chatType">) =>
    mayWatch(options.policy, watch, watch.chatType === "private" ? undefined : await stores.aliases.formerIdOf(watch.chatId));
  return {
    feature: { name: "watches", composer: watchFeature({ ...options.answers, maxPerUser: settings.watches.maxPerUser, presses: options.presses.for("watches") }) },
    start() {
      const scheduler = startWatchScheduler({
        store,
        budget: options.budget,
        checker: options.checker,
        perSecond: settings.backgroundPerSecond,
        mayWatch: chatMayWatch,
        tokenPaused: options.tokenPaused,
        logger,
        ...(metrics ? { onCheck: metrics.countWatchCheck } : {}),
      });
      const notifier = startWatchNotifier({
        store,
        api: options.api,
        counters: options.state.counters,
        messenger: options.messenger,
        shownAnswers: stores.shownAnswers,
        buttons: stores.buttons,
        aliases: stores.aliases,
        times: { maxHours: settings.watches.maxAgeMs / 3_600_000, notFoundMinutes: settings.watches.notFoundMs / 60_000 },
        adminAlerted: options.messenger.reachesAdmins,
        casesOffered: settings.support !== undefined,
        clock: clockIn(settings.timeZone),
        logger,
        mayWatch: chatMayWatch,
        history: options.answers.history,
        ...(metrics ? { onResult: metrics.countWatchNotification } : {}),
      });
      running = [scheduler, notifier];
    },
    // Watches live in the state store: what is unfinished here is picked up after a restart, or by another instance.
    stop: async (deadline) => void (await Promise.all(running.map((part) => part.stop(deadline.left())))),
  };
}
