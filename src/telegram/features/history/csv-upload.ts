import { InputFile, type Api } from "grammy";

/** grammY types its signals with the abort-controller package's AbortSignal, which Node's satisfies. */
type CallSignal = Parameters<Api["sendDocument"]>[3];

/** A CSV made as Telegram receives it, sent so that a retry and a failed read both end well. */
export interface CsvUpload {
  file: InputFile;
  /** Give it to the send: once reading failed, no retry is attempted (the file cannot be whole). */
  signal: CallSignal;
}

/**
 * The sending policy retries a send after a 429 (Telegram answers only once the whole file is
 * up) and after any failure of the request, for ever while it looks like the network's. A
 * stream can be read once: a retry must read the file again from the start (`open(attempt)`,
 * attempt 0 first), and a failure of the store while reading is no network failure: the send is
 * aborted, which auto-retry does not retry, so the caller hears of it and can say so.
 */
export function csvUpload(open: (attempt: number) => AsyncIterable<Uint8Array>, filename: string, stopped?: AbortSignal): CsvUpload {
  const abort = new AbortController();
  // The bot stopping ends the upload too (a file cut short must never reach Telegram as if whole).
  if (stopped?.aborted) abort.abort(stopped.reason);
  else stopped?.addEventListener("abort", () => abort.abort(stopped.reason), { once: true });
  let attempt = 0;
  async function* guarded(): AsyncGenerator<Uint8Array> {
    try {
      if (abort.signal.aborted) throw abort.signal.reason;
      for await (const chunk of open(attempt++)) {
        if (abort.signal.aborted) throw abort.signal.reason;
        yield chunk;
      }
    } catch (error) {
      abort.abort(error);
      throw error;
    }
  }
  return { file: new InputFile(guarded, filename), signal: abort.signal as CallSignal };
}
