/**
 * Receipts (issue 34): what people rely on, like records, but many more of them (every receipt
 * of a year), each expiring by itself RECEIPT_DAYS after it was made, and found only by the hash
 * of its code. Kept apart from `Records`, whose collections are read whole and stay small. Both
 * adapters keep them durably (Redis: each write waits for a replica, as records' do) and share
 * them between instances: a receipt made through one is checked through another.
 */
export interface ReceiptRecords {
  /** The next receipt number: from one counter every instance shares, never handed out twice. */
  nextNumber(): Promise<number>;
  /** Keeps `value` under `hash` until `expiresAt` (ms since the epoch): false, writing nothing, when the hash is taken. */
  add(hash: string, value: string, expiresAt: number): Promise<boolean>;
  /** The value under the hash; undefined when there is none, or it expired. */
  get(hash: string): Promise<string | undefined>;
  /**
   * Replaces the value with what `change` makes of it, as one step (`change` may run more than
   * once: it must be pure), keeping its expiry: what was stored, or undefined when there is none.
   */
  update(hash: string, change: (current: string) => string): Promise<string | undefined>;
}
