/**
 * Who reads a payment's history, and what of it. Admins (reading in private, ADMIN_CHAT_ID or
 * SUPPORT_CHAT_ID: `admin` is false elsewhere), and the support team reading in SUPPORT_CHAT_ID,
 * see every entry with names; anyone else who may ask sees the status changes and
 * their own checks, other people's checks counted but never named; someone who may not ask (never
 * allowed, or whose access was taken away) sees nothing, as for any check.
 */
export interface HistoryReader {
  userId: number;
  admin: boolean;
  /** Reading in SUPPORT_CHAT_ID (where its members handle cases). */
  inSupportChat: boolean;
  /** May ask about payments here, as the access check says today. */
  mayAsk: boolean;
}

export type HistoryView = "everything" | "own-and-changes" | "nothing";

export function historyView(reader: HistoryReader): HistoryView {
  if (reader.admin) return "everything";
  if (!reader.mayAsk) return "nothing";
  return reader.inSupportChat ? "everything" : "own-and-changes";
}

/** How a person behind an entry is shown to this reader: by name, as the reader, or as nobody in particular. */
export type Shown<P> = { type: "named"; person: P } | { type: "you" } | { type: "someone" };

export function showPerson<P extends { id: number }>(person: P | undefined, reader: HistoryReader, view: HistoryView): Shown<P> {
  if (person !== undefined && person.id === reader.userId) return { type: "you" };
  if (person !== undefined && view === "everything") return { type: "named", person };
  return { type: "someone" };
}
