/** What we accept as a transaction ID before asking the service: short, and only ID-like characters. */
export const MAX_TRANSACTION_ID_LENGTH = 64;
const TRANSACTION_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function isValidTransactionId(candidate: string): boolean {
  return TRANSACTION_ID.test(candidate);
}
