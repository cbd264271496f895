import { SCENARIOS } from "../payments/enquiry/sandbox/scenarios.ts";
import { chatScreen, createConversation, demoPeople } from "./chat/fake-chat.ts";
import { localTelegramFiles, offlineTelegram } from "./chat/offline-telegram.ts";
import { typedLines } from "./chat/typed-lines.ts";
import { DEMO_USAGE, readDemoCommandLine } from "./command-line.ts";
import { PROMISED_RECOVERY_S, SETTLE_MS, startDemoBot } from "./demo-bot.ts";
import { bulkChecksDone, waitForRunningWork } from "./end-of-input.ts";
import { demoPrompt } from "./prompt.ts";

/**
 * `npm run demo`: the real bot code, in a terminal, with zero configuration. Lines typed (or
 * piped) become Telegram updates handled by grammY; Bot API calls are answered here instead of by
 * Telegram, and the embedded sandbox plays the provider.
 */
const commandLine = readDemoCommandLine(process.argv.slice(2));
if (commandLine.kind !== "run") {
  if (commandLine.kind === "help") process.stdout.write(`${DEMO_USAGE}\n`);
  else process.stderr.write(`npm run demo: ${commandLine.problem}\n\n${DEMO_USAGE}\n`);
  process.exit(commandLine.kind === "help" ? 0 : 2);
}
const flags = commandLine;

const interactive = process.stdin.isTTY === true;
const color = process.stdout.isTTY === true;
const { say, readLines } = demoPrompt(interactive);

const people = demoPeople(flags.lang);
const { botInfo, user, chat } = people;
/** A file of IDs to try bulk checks with: `/file <this path> /collection`. */
const SAMPLE_FILE = "src/demo/sample-ids.csv";

const conversation = createConversation();
const show = chatScreen(say, color, conversation);
const demoBot = await startDemoBot({
  people,
  lang: flags.lang,
  verbose: flags.verbose,
  offlineTelegram: offlineTelegram({ people, conversation, say, show, color }),
  files: localTelegramFiles(conversation),
  say,
});
const { assembled } = demoBot;
const { bot } = assembled;
const updateFor = typedLines({ people, conversation, say, show, caseStore: demoBot.caseStore, playTrouble: demoBot.playTrouble });

say(
  [
    "Payment status bot: terminal demo (no Telegram, no token; a built-in sandbox plays the provider).",
    "Type commands as you would in Telegram, e.g.:",
    "  /collection COL-SUCCESS-1     /airtime AIR-FAILED-7     /status ANY-PENDING-3",
    "  /collection COL-SUCCESS-1 COL-FAILED-2 COL-PENDING-3   (several at once)",
    "  COL-SUCCESS-9                 (just an ID: the bot asks which kind)",
    `  /watch COL-SETTLE-1           (pending for ${SETTLE_MS / 1000} s, then settled: the bot tells you)`,
    `  @${botInfo.username} ANY-PENDING-4   (inline mode, as in any chat; then #1 posts a result)`,
    `  /file ${SAMPLE_FILE} /collection   (a file of IDs: progress, summary and a CSV report)`,
    "  /escalate COL-FAILED-1 charged twice   (a case: its card goes to the support chat, shown as [support])",
    "  /support Which number paid?   (as Kofi of the support team: a reply to the latest card; /support #1 TEXT: case #1's)",
    "  /reply 0244 123 456           (as the agent again: a reply to the bot's latest message of a case)",
    "  /receipt COL-SUCCESS-1 sw     (a receipt for the customer, in Swahili: its picture written to a file, its code shown;",
    "                                then /start r_CODE checks it, as the customer opening its link would)",
    `  /trouble errors, then /file ${SAMPLE_FILE} /collection`,
    `                                (the whole provider fails: an alert, and /health turns red; /trouble none, and it recovers within ${PROMISED_RECOVERY_S} s)`,
    "Press a button by typing its number, e.g. #1. /help shows everything; Ctrl+D quits.",
    `Sandbox IDs: COL-/AIR-/ANY- followed by ${Object.keys(SCENARIOS).join(", ")} (anything else is not found).`,
    "",
  ].join("\n"),
);

const { quitting } = await readLines(async (line) => {
  const update = await updateFor(line);
  if (update) {
    await bot.handleUpdate(update);
    // Piped input is a script: a file check it started ends before the next line, as a person would wait for it.
    if (!interactive) await bulkChecksDone(assembled);
    // Judged after each update (every few seconds otherwise): an alert follows the answer that showed the trouble.
    await assembled.health.monitor.evaluate();
  }
});
await waitForRunningWork({ assembled, agent: { chatId: chat.id, userId: user.id }, say, quitting });
await demoBot.close();
process.exit(0);
