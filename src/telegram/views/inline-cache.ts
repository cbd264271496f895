/** Telegram shows inline answers for a few seconds at most: statuses change, and results are per person. */
export const INLINE_CACHE_SECONDS = 5;
