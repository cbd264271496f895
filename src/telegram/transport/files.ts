import type { Api } from "grammy";
import { request } from "undici";
import { readCapped } from "../../util/read-capped.ts";

/** Files users send: fetched from Telegram with a size cap, never whole when too large. */
export interface TelegramFiles {
  /** The file's bytes; rejects with FileTooLargeError past `maxBytes`, or with the reason it could not be fetched. */
  download(fileId: string, maxBytes: number): Promise<Uint8Array>;
}

export class FileTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

const DOWNLOAD_TIMEOUT_MS = 20_000;

/**
 * getFile, then the download from `{apiRoot}/file/bot{token}/{file_path}`. That URL holds the bot
 * token: it is built here, used once, and never logged or thrown (errors carry only a status).
 */
export function telegramFiles(api: Api, token: string, apiRoot = "https://api.telegram.org"): TelegramFiles {
  return {
    async download(fileId, maxBytes) {
      const file = await api.getFile(fileId);
      if (file.file_path === undefined) throw new Error("Telegram gave no path for the file");
      if (file.file_size !== undefined && file.file_size > maxBytes) throw new FileTooLargeError(maxBytes);
      let response;
      try {
        response = await request(`${apiRoot}/file/bot${token}/${file.file_path}`, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
      } catch (error) {
        // The cause would carry the URL, and with it the bot token: only its code is kept.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(`download failed (${(error as { code?: string }).code ?? "network error"})`);
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`download failed (HTTP ${response.statusCode})`);
      }
      const body = await readCapped(response.body, maxBytes);
      if (!body) throw new FileTooLargeError(maxBytes);
      return new Uint8Array(body);
    },
  };
}
