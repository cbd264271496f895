import { afterEach, describe, expect, it } from "vitest";
import type { ContractSubject } from "./contract.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const later = () => Date.now() + 60_000;

/**
 * What every store must do with receipts (state/receipt-records.ts), run against each adapter
 * beside the state contract (contract.ts): the receipts feature relies on exactly this.
 */
export function describeReceiptContract(name: string, open: () => Promise<ContractSubject>, options: { skip?: string } = {}): void {
  describe.skipIf(options.skip !== undefined)(`receipt records contract: ${name}`, () => {
    let subject: ContractSubject | undefined;
    const store = async () => {
      subject = await open();
      return subject.store.receipts;
    };
    afterEach(async () => {
      await subject?.dispose();
      subject = undefined;
    });

    it("hands out numbers from one counter, never twice, however many ask at once", async () => {
      const receipts = await store();
      const numbers = await Promise.all(Array.from({ length: 30 }, () => receipts.nextNumber()));
      expect(new Set(numbers).size).toBe(30);
      expect(Math.min(...numbers)).toBe(1);
      expect(Math.max(...numbers)).toBe(30);
      expect(await receipts.nextNumber()).toBe(31);
    });

    it("keeps a receipt under its hash, and never writes over one: a hash drawn twice is refused", async () => {
      const receipts = await store();
      expect(await receipts.get("h1")).toBeUndefined();
      expect(await receipts.add("h1", "first", later())).toBe(true);
      expect(await receipts.add("h1", "second", later())).toBe(false);
      expect(await receipts.get("h1")).toBe("first");
      expect(await receipts.get("h2")).toBeUndefined();
    });

    it("forgets a receipt at its expiry, and its hash may then be used again", async () => {
      const receipts = await store();
      await receipts.add("short", "x", Date.now() + 60);
      await receipts.add("long", "y", later());
      await sleep(150);
      expect(await receipts.get("short")).toBeUndefined();
      expect(await receipts.get("long")).toBe("y");
      expect(await receipts.add("short", "again", later())).toBe(true);
      expect(await receipts.get("short")).toBe("again");
    });

    it("changes a receipt in one step, keeping its expiry; nothing to change when there is none", async () => {
      const receipts = await store();
      expect(await receipts.update("none", () => "x")).toBeUndefined();
      expect(await receipts.get("none")).toBeUndefined();
      await receipts.add("r", "0", Date.now() + 300);
      await Promise.all(Array.from({ length: 10 }, () => receipts.update("r", (current) => String(Number(current) + 1))));
      expect(await receipts.get("r")).toBe("10");
      await sleep(400);
      expect(await receipts.get("r")).toBeUndefined();
    });
  });
}
