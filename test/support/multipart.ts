/**
 * Reads a multipart/form-data body as grammY sends it (a file upload): the fields, with each
 * `attach://` reference replaced by the file it names ({ filename, content }).
 */
export function parseMultipart(body: Buffer, contentType: string): Record<string, unknown> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) throw new Error("no multipart boundary");
  const fields: Record<string, unknown> = {};
  const files = new Map<string, { filename: string; content: Buffer }>();
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter) + delimiter.length;
  for (;;) {
    const end = body.indexOf(delimiter, start);
    if (end === -1) break;
    const part = body.subarray(start + 2, end - 2);
    start = end + delimiter.length;
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString("utf8");
    const content = part.subarray(split + 4);
    const name = /name="([^"]+)"/.exec(headers)?.[1] ?? "";
    const filename = /filename=([^\r\n;]+)/.exec(headers)?.[1];
    if (filename !== undefined) files.set(name, { filename, content });
    else fields[name] = parseValue(content.toString("utf8"));
  }
  for (const [key, value] of Object.entries(fields)) {
    const attached = typeof value === "string" && value.startsWith("attach://") ? files.get(value.slice("attach://".length)) : undefined;
    if (attached) fields[key] = attached;
  }
  return fields;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A body grammY may send: a JSON string, or a stream of multipart chunks. */
export async function readBody(body: unknown): Promise<Buffer> {
  if (typeof body === "string") return Buffer.from(body);
  if (body === undefined || body === null) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
