const mb = () => (process.memoryUsage().rss/2**20).toFixed(0);
const { RECEIPT_LAYOUTS, HOSTILE_LAYOUT } = await import("./test/support/receipt-layouts.ts");
const { renderReceiptPicture } = await import("./src/telegram/render/receipt-picture.ts");
const imported = mb();
for (let i = 0; i < 30; i++) await renderReceiptPicture(i % 5 ? RECEIPT_LAYOUTS.en : HOSTILE_LAYOUT);
const one = mb();
await Promise.all(Array.from({length: 20}, () => renderReceiptPicture(RECEIPT_LAYOUTS.fr)));
console.log(process.env.MALLOC_MMAP_THRESHOLD_ ?? "-", process.env.MALLOC_ARENA_MAX ?? "-", "imported", imported, "30 one by one", one, "20 at once", mb());
