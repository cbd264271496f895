import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import type { Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { idsOf, SCOPE_CODES, SCOPE_OF_CODE, withIds, type ButtonCodec, type Decoded } from "./codec.ts";

/** The buttons of the history. */
export type HistoryPress =
  /** ◀ ▶ of a payment's timeline (/history): its scope, ID and page. */
  | { action: "historyPage"; scope: Scope; id: string; page: number }
  /** ◀ ▶ of /mychecks. */
  | { action: "mychecksPage"; page: number }
  /** 🔄 of /mychecks: re-check what is not final on its page. */
  | { action: "mychecksRecheck"; page: number }
  /** 📄 of /mychecks: its CSV of 30 days. */
  | { action: "mychecksCsv" };

const PAGE = /^H:h:([cas]):(\d{1,5})([:#])(.+)$/;
const unknown = { type: "unknown" } as const;

export const historyButtons = {
  prefixes: ["H:"],

  /** An ID travels inside the button when it fits, otherwise as a key into the button store. */
  async encode(press: HistoryPress, store: ButtonStore): Promise<string> {
    switch (press.action) {
      case "historyPage":
        return withIds(`H:h:${SCOPE_CODES[press.scope]}:${press.page}`, [press.id], store);
      case "mychecksPage":
        return `H:m:${press.page}`;
      case "mychecksRecheck":
        return `H:r:${press.page}`;
      case "mychecksCsv":
        return "H:x";
    }
  },

  async decode(data: string, store: ButtonStore): Promise<Decoded<HistoryPress>> {
    if (data === "H:x") return { type: "press", press: { action: "mychecksCsv" } };
    const mine = /^H:([mr]):(\d{1,5})$/.exec(data);
    if (mine) return { type: "press", press: { action: mine[1] === "m" ? "mychecksPage" : "mychecksRecheck", page: Number(mine[2]) } };
    const page = PAGE.exec(data);
    if (!page) return unknown;
    const scope = SCOPE_OF_CODE.get(page[1] ?? "");
    const ids = await idsOf(page[3] ?? "", page[4] ?? "", store);
    if (!ids) return { type: "expired" };
    const [id] = ids;
    return scope && id !== undefined && ids.length === 1 && isValidTransactionId(id) ? { type: "press", press: { action: "historyPage", scope, id, page: Number(page[2]) } } : unknown;
  },
} satisfies ButtonCodec<HistoryPress>;
