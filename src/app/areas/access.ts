import { Composer } from "grammy";
import { accessControl, type AccessControl } from "../../access/facade.ts";
import type { Logger } from "../../logger.ts";
import type { StateStore } from "../../state/ports.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotContext } from "../../telegram/context.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { accessAdminFeature } from "../../telegram/features/access/admin.ts";
import { joinByInviteFeature } from "../../telegram/features/access/join-by-invite.ts";
import { accessRequestsFeature } from "../../telegram/features/access/requests.ts";
import type { AccessFeatureDeps } from "../../telegram/features/access/shared.ts";
import { isAccessUpdate } from "../../telegram/middleware/access-gate.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "../area.ts";

export interface AccessArea extends Area {
  control: AccessControl;
  /** Requests, invites and the admins' commands: built once the rest of the bot is (a revoke stops the person's bulk checks). */
  feature(deps: Omit<AccessFeatureDeps, "access" | "presses"> & { presses: PressRouter }): BotFeature;
}

/** Who may use the bot: the configuration's lists, and the grants, requests and invites kept as records, with the grants' copy kept fresh. */
export function accessArea(settings: Pick<BotSettings, "access">, state: StateStore, logger: Logger, now?: () => number): AccessArea {
  const control = accessControl({ lists: settings.access, records: state.records, logger, ...(now ? { now } : {}) });
  return {
    control,
    feature(deps) {
      const features = { ...deps, access: control, presses: deps.presses.for("access") };
      const composer = new Composer<BotContext>();
      // Behind one cheap test: every other update passes the three without going through them.
      composer.filter(isAccessUpdate, accessRequestsFeature(features), joinByInviteFeature(features), accessAdminFeature(features));
      return { name: "access", composer };
    },
    prepare: () => control.grants.refresh(),
    start: () => control.grants.start(),
    stop: async () => control.grants.stop(),
  };
}
