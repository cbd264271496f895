import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import type { EnquiryKind } from "../../payments/enquiry/types.ts";
import { healthCountsReader, type HealthCountsReader } from "../../payments/health/counting/read-counts.ts";
import { healthRecorder, type HealthRecorder } from "../../payments/health/counting/recorder.ts";
import { healthMonitor, type HealthMonitor, type KindStatus } from "../../payments/health/judging/monitor.ts";
import { rank } from "../../payments/health/judging/thresholds.ts";
import { startDailyDigest } from "../../payments/health/reporting/daily-digest.ts";
import { healthReport, type HealthReport } from "../../payments/health/reporting/report.ts";
import type { WatchStore } from "../../payments/watches/watch-store.ts";
import type { CaseFigures } from "../../payments/cases/case-figures.ts";
import type { HistoryFigures } from "../../payments/history/history-figures.ts";
import type { StateStore } from "../../state/ports.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { healthAnnouncer, type HealthAnnouncer } from "../../telegram/features/health/health-alerts.ts";
import { healthFeature, type HealthFeatureDeps } from "../../telegram/features/health/health.ts";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import { clockIn } from "../../telegram/views/format/text.ts";
import { timeZone } from "../../util/time-zone.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "../area.ts";

export interface HealthAreaOptions {
  settings: Pick<BotSettings, "health" | "timeZone">;
  state: StateStore;
  messenger: Messenger;
  /** The watched payments: how many now (the summary), and those waiting long (/health). */
  watches: Pick<WatchStore, "activeTargets" | "waitingSince">;
  logger: Logger;
  metrics?: Metrics | undefined;
  now: () => number;
  /** With SUPPORT_CHAT_ID: the cases the daily summary counts. */
  cases?: ((from: number, to: number) => Promise<CaseFigures>) | undefined;
  /** With HISTORY_DAYS above 0: the history's line of the daily summary. */
  history?: ((from: number, to: number) => Promise<HistoryFigures>) | undefined;
}

export interface HealthArea extends Area {
  recorder: HealthRecorder;
  reader: HealthCountsReader;
  monitor: HealthMonitor;
  announcer: HealthAnnouncer;
  /** What /health shows, judged afresh first: never behind what the asker just saw. */
  report(at: number): Promise<HealthReport>;
  /** The provider's state per kind, once judged from the figures (a fresh start does not claim it is fine). */
  providerStatus(): Record<EnquiryKind, KindStatus> | undefined;
  /** /health: built once the rest of the bot is (the admins' part tells of the token, the background queue, the cases). */
  feature(deps: Omit<HealthFeatureDeps, "report">): BotFeature;
}

/** The provider's health: every enquiry counted, the state judged every few seconds, each change and the daily summary told. */
export function healthArea({ settings, state, messenger, watches, logger, metrics, now, cases, history }: HealthAreaOptions): HealthArea {
  const zone = timeZone(settings.timeZone);
  const announcer = healthAnnouncer({ messenger, alertChats: settings.health.alertChats, clock: clockIn(settings.timeZone) });
  const recorder = healthRecorder({ tallies: state.tallies, logger, now });
  const reader = healthCountsReader(state.tallies);
  const monitor = healthMonitor({
    recorder,
    reader,
    records: state.records,
    thresholds: settings.health.thresholds,
    announce: announcer.changes,
    logger,
    now,
    ...(metrics ? { onEvaluated: (kind: EnquiryKind, status: KindStatus) => metrics.providerHealth(kind, { level: rank(status.level), failuresHigh: status.failuresHigh }) } : {}),
  });
  let digest: { stop(): void } | undefined;
  async function report(at: number): Promise<HealthReport> {
    await monitor.evaluate();
    return healthReport({ reader, status: monitor.current, waitingSince: (before) => watches.waitingSince(before), startOfDay: zone.startOfDay }, at);
  }
  return {
    recorder,
    reader,
    monitor,
    announcer,
    report,
    providerStatus() {
      const status = monitor.current();
      return status.evaluatedAt === undefined ? undefined : status.kinds;
    },
    feature(deps) {
      return { name: "health", composer: healthFeature({ ...deps, report }) };
    },
    start() {
      recorder.start();
      monitor.start();
      const time = settings.health.digestTime;
      if (time) {
        digest = startDailyDigest({
          kv: state.kv,
          zone,
          time,
          sources: { reader, health: () => monitor.current().stored, watched: () => watches.activeTargets(), cases, history },
          send: announcer.digest,
          logger,
          now,
        });
      }
    },
    async stop() {
      monitor.stop();
      digest?.stop();
      // What this instance counted since the last write is not lost with it.
      await recorder.stop();
    },
  };
}
