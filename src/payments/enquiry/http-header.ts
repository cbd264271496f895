/**
 * What HTTP allows in a header (RFC 9110 §5.1, §5.5), checked where a value comes in (the
 * configuration, a token file, the token endpoint's answer) rather than found out when the HTTP
 * client refuses to send it.
 */

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function isHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}

/**
 * The position (from 1) of the first character a header value may not hold, or undefined when it
 * has none. Printable ASCII, spaces and tabs only: HTTP's obsolete Latin-1 range is left out too,
 * since a character typed or pasted outside ASCII (an en dash, a curly quote) never means what it
 * looks like once sent.
 */
export function badHeaderCharacter(value: string): number | undefined {
  const index = value.search(/[^\t\x20-\x7e]/);
  return index === -1 ? undefined : index + 1;
}

/** Whether a token can be sent as `Authorization: Bearer <token>`: printable ASCII, no space. */
export function fitsInBearerHeader(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}
