import type { EnquiryKind } from "./types.ts";

/** Where the API's own path begins in an address, as providers print it: /api/v1, /api/v1/collection, /api/v1/airtime/enquiry. */
const API_PATH = /\/api\/v1(?:\/(?:collection|airtime)(?:\/enquiry)?)?\/*$/i;

export interface EnquiryBase {
  /** The base the bot adds `/api/v1/{kind}/enquiry` to. */
  base: string;
  /** The part of ENQUIRY_BASE_URL left out because it is the API's own path, when there was one. */
  leftOut: string | undefined;
}

/**
 * ENQUIRY_BASE_URL as the bot uses it. Most providers print the API's address with its own path
 * (`https://host/api/v1`); the bot adds that path itself, so it would ask `…/api/v1/api/v1/…`, a
 * page that does not exist. Such an address is accepted: the API's path is left out here, and
 * the start-up log names the addresses the bot calls.
 */
export function enquiryBase(written: string): EnquiryBase {
  const url = new URL(written);
  const match = API_PATH.exec(url.pathname);
  const kept = (match ? url.pathname.slice(0, match.index) : url.pathname).replace(/\/+$/, "");
  return { base: `${url.origin}${kept}`, leftOut: match ? match[0].replace(/\/+$/, "") : undefined };
}

/** The path of one kind's enquiry under a base's path. */
export function enquiryPath(basePath: string, kind: EnquiryKind): string {
  return `${basePath.replace(/\/+$/, "")}/api/v1/${kind}/enquiry`;
}

/** The full address of one kind's enquiry, for operators (logs, doctor): never credentials or a query. */
export function enquiryAddress(base: string, kind: EnquiryKind): string {
  const url = new URL(base);
  return `${url.origin}${enquiryPath(url.pathname, kind)}`;
}
