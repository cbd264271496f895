/** The update types the bot handles: polling and the webhook ask Telegram for these only. */
export const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "chosen_inline_result", "my_chat_member"] as const;
