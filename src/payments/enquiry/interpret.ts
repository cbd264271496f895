import { z } from "zod";
import { decodeJson } from "../../util/decode-json.ts";
import { withBoundedFields } from "./provider-fields.ts";
import { enquiryResponseSchema, looseAnswerSchema } from "./schema.ts";
import type { EnquiryKind, EnquiryOutcome } from "./types.ts";

interface Stamp {
  kind: EnquiryKind;
  transactionId: string;
  checkedAt: Date;
}

const NOT_FOUND_TEXT = /not[\s_-]*found|does\s+not\s+exist|no\s+such\s+transaction|unknown\s+transaction/i;

/**
 * Turns a complete HTTP answer (anything but 401/403/429/502/503/504, which the client handles
 * before reading a body) into an outcome. Pure, so every odd answer can be tested directly.
 */
export function interpretAnswer(stamp: Stamp, httpStatus: number, body: string): EnquiryOutcome {
  const json = decodeJson(z.unknown(), body);
  // An answer about another transaction must never be shown as this one's: not even "not found".
  const echoed = echoedId(json);
  if (echoed !== undefined && echoed.trim() !== stamp.transactionId) {
    return { ...stamp, type: "invalid_response", reason: "reqTransactionID does not match the ID asked" };
  }
  // A 404 or 405 that is not JSON is a web server's error page, not the API saying "no such payment":
  // the address is wrong, and nothing was asked about the payment.
  if ((httpStatus === 404 || httpStatus === 405) && json === undefined) {
    return { ...stamp, type: "upstream_error", httpStatus, reason: `HTTP ${httpStatus} with a page that is not the API's (${describeBody(body)})`, hint: "wrong_address" };
  }
  if (httpStatus === 404) return { ...stamp, type: "not_found" };
  const isSuccess = httpStatus >= 200 && httpStatus < 300;

  // A 5xx is a server fault whatever its body says; a 2xx or 4xx body may report an unknown ID.
  if (json !== undefined && httpStatus < 500 && saysNotFound(json)) return { ...stamp, type: "not_found" };
  if (!isSuccess) {
    return { ...stamp, type: "upstream_error", httpStatus, reason: `HTTP ${httpStatus}` };
  }
  if (json === undefined) return { ...stamp, type: "invalid_response", reason: "body is not JSON" };

  const parsed = enquiryResponseSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((issue) => issue.path.join(".") || "(root)")
      .join(", ");
    return { ...stamp, type: "invalid_response", reason: `unexpected shape at ${where}` };
  }
  const answer = parsed.data;
  // The top-level status reports the enquiry itself; if it did not succeed, the nested
  // transaction result cannot be trusted either.
  if (answer.code !== "200" || answer.status.trim().toUpperCase() !== "SUCCESS") {
    return {
      ...stamp,
      type: "upstream_error",
      httpStatus,
      reason: `enquiry not successful (code ${answer.code.slice(0, 16)}, status ${answer.status.slice(0, 32)})`,
    };
  }
  return withBoundedFields({
    ...stamp,
    type: "found",
    serviceTransactionId: answer.transactionID.trim(),
    transaction: {
      status: answer.transaction.status.trim(),
      message: blankToUndefined(answer.transaction.message),
      mnoTransactionId: blankToUndefined(answer.transaction.mnoTransactionID),
    },
  });
}

/** What a page that is not the API's looks like, in a few safe words for the logs: never its text. */
function describeBody(body: string): string {
  if (body.trim() === "") return "empty";
  return /^\s*<(!doctype|html|head|body|\?xml)/i.test(body) || /<\/(html|body|title|h1)>/i.test(body) ? "HTML" : "not JSON";
}

/** The `reqTransactionID` an answer carries, whatever else it holds (error bodies included). */
function echoedId(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const echoed = (json as { reqTransactionID?: unknown }).reqTransactionID;
  return typeof echoed === "string" ? echoed : undefined;
}



/**
 * "Not found" as real status APIs say it inside a normal-looking answer: code 404, or a top-level
 * status/message about an unknown transaction. A FAILED payment whose reason mentions "not found"
 * (say, "wallet not found") is a real failure and is not matched: the nested result is only read
 * when it is itself a not-found status.
 */
function saysNotFound(json: unknown): boolean {
  const loose = looseAnswerSchema.safeParse(json);
  if (!loose.success) return false;
  const { code, status, message, transaction } = loose.data;
  if (String(code ?? "").trim() === "404") return true;
  if (status !== undefined && NOT_FOUND_TEXT.test(status)) return true;
  if (transaction?.status !== undefined && /^not[\s_-]*found$/i.test(transaction.status.trim())) return true;
  const topLevelFailed = status !== undefined && status.trim().toUpperCase() !== "SUCCESS";
  return transaction == null && message !== undefined && (topLevelFailed || status === undefined) && NOT_FOUND_TEXT.test(message);
}

function blankToUndefined(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
