import type { Logger } from "../../logger.ts";
import type { Receipt, ReceiptPerson } from "./receipt.ts";

export type ReceiptAction = "made" | "revoked";

/** One audit line per receipt made or revoked (`"event":"receipt"`): what it says, who, where. Never its code. */
export type ReceiptAudit = (action: ReceiptAction, receipt: Receipt, by: ReceiptPerson) => void;

export function receiptAudit(logger: Logger): ReceiptAudit {
  return (action, receipt, by) =>
    logger.info(
      {
        audit: true,
        event: "receipt",
        action,
        receipt: receipt.number,
        kind: receipt.kind,
        transactionId: receipt.transactionId,
        status: receipt.status,
        checkedAt: new Date(receipt.checkedAt).toISOString(),
        expiresAt: new Date(receipt.expiresAt).toISOString(),
        language: receipt.language,
        chatId: receipt.chatId,
        by: { id: by.userId, name: by.name },
      },
      action === "made" ? "receipt made" : "receipt revoked",
    );
}
