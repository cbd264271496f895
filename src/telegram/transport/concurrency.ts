/**
 * Updates handled at once (the webhook is bounded the same way). Twice the default enquiry
 * connections: more would only wait for a connection while holding their memory (a burst of a
 * thousand commands peaked 12 MB higher at 500, for no reply sooner).
 */
export const MAX_CONCURRENT_UPDATES = 256;
