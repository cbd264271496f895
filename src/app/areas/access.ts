import { accessControl, type AccessControl } from "../../access/facade.ts";
import type { Logger } from "../../logger.ts";
import type { StateStore } from "../../state/ports.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "./area.ts";

/** Who may use the bot: the configuration's lists, and the grants, requests and invites kept as records, with the grants' copy kept fresh. */
export function accessArea(settings: Pick<BotSettings, "access">, state: StateStore, logger: Logger, now?: () => number): Area & { control: AccessControl } {
  const control = accessControl({ lists: settings.access, records: state.records, logger, ...(now ? { now } : {}) });
  return {
    control,
    prepare: () => control.grants.refresh(),
    start: () => control.grants.start(),
    stop: async () => control.grants.stop(),
  };
}
