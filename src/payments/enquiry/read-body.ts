import type { Dispatcher } from "undici";
import { readCapped } from "../../util/read-capped.ts";

export class ResponseTooLargeError extends Error {
  constructor(limit: number) {
    super(`response larger than ${limit} bytes`);
    this.name = "ResponseTooLargeError";
  }
}

/**
 * Reads a response body as UTF-8, refusing (and closing) bodies over `limit` bytes so that a
 * runaway answer can never be buffered whole.
 */
export async function readCappedBody(response: Dispatcher.ResponseData, limit: number): Promise<string> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    response.body.destroy();
    throw new ResponseTooLargeError(limit);
  }
  const body = await readCapped(response.body, limit);
  if (!body) throw new ResponseTooLargeError(limit);
  return body.toString("utf8");
}
