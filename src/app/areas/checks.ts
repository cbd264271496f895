import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { bareIdsFeature } from "../../telegram/features/checks/bare-ids.ts";
import { checkCommandsFeature } from "../../telegram/features/checks/check-commands.ts";
import { refreshAndKindPresses } from "../../telegram/features/checks/refresh-and-kind.ts";
import { inlineFeature } from "../../telegram/features/inline/inline.ts";
import type { PostedInlineButtons } from "../../telegram/stores/posted-inline-buttons.ts";
import type { AnswerDependencies } from "../../telegram/features/send-answer.ts";

export interface ChecksArea {
  /** /collection, /airtime and /status (their 🔄 Refresh and the kind picked for IDs sent alone are pressed through the press router). */
  commands: BotFeature;
  /** Answers in any chat, through inline mode. */
  inline: BotFeature;
  /** IDs sent without a command in a private chat: which kind? Late in the list: a command is not theirs. */
  bareIds: BotFeature;
}

/** What people ask about payments: check commands, inline answers and IDs sent alone, each answered with its status. */
export function checksArea({ answers, presses, posted }: { answers: AnswerDependencies; presses: PressRouter; posted: PostedInlineButtons }): ChecksArea {
  refreshAndKindPresses(presses.for("checks"), answers);
  return {
    commands: { name: "checks", composer: checkCommandsFeature(answers) },
    inline: { name: "inline", composer: inlineFeature({ ...answers, posted }) },
    bareIds: { name: "bareIds", composer: bareIdsFeature(answers.buttons) },
  };
}
