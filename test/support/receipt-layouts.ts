import type { ReceiptLayout, ReceiptPageModel } from "../../src/telegram/render/receipt-layout.ts";

/**
 * Receipts as the receipts feature fills them in, in each language (labels as a translator would
 * write them), and a hostile one: what the renderer tests, the pictures script and the bench draw.
 */
const code = "R7KQ-4XM9-P2JD";
const link = "https://pay.example.com/r/R7KQ4XM9P2JD";

export const RECEIPT_LAYOUTS: Record<"en" | "fr" | "pt" | "sw", ReceiptLayout> = {
  en: {
    title: "Pay Status Bot",
    kindLabel: "Collection",
    transactionId: "TX-2026-11-27-004512",
    status: { symbol: "✅", text: "SUCCESS", tone: "success" },
    fields: [
      { label: "MNO reference", value: "MP241127.1502.C04512" },
      { label: "Service transaction ID", value: "svc-7f3a9c21-0d44" },
      { label: "Provider asked on", value: "27 Nov 2026, 15:02 (+03:00)" },
      { label: "Receipt number", value: "000128" },
    ],
    codeLabel: "Verification code",
    code,
    link,
    verifyHint: "Scan the code or open the link to check that this receipt is genuine.",
    language: "en",
  },
  fr: {
    title: "Pay Status Bot",
    kindLabel: "Encaissement",
    transactionId: "TX-2026-11-27-004513",
    status: { symbol: "❌", text: "FAILED", tone: "failed" },
    fields: [
      { label: "Référence MNO", value: "MP241127.1507.C04513" },
      { label: "ID de transaction du service", value: "svc-81c2be90-11f7" },
      { label: "Motif de l'échec", value: "Solde insuffisant sur le compte du client" },
      { label: "Fournisseur interrogé le", value: "27 nov. 2026 à 15:07 (+03:00)" },
      { label: "Numéro du reçu", value: "000129" },
    ],
    codeLabel: "Code de vérification",
    code,
    link,
    verifyHint: "Scannez le code ou ouvrez le lien pour vérifier que ce reçu est authentique.",
    language: "fr",
  },
  pt: {
    title: "Pay Status Bot",
    kindLabel: "Cobrança",
    transactionId: "TX-2026-11-27-004514",
    status: { symbol: "✅", text: "SUCCESS", tone: "success" },
    fields: [
      { label: "Referência MNO", value: "MP241127.1511.C04514" },
      { label: "ID da transação no serviço", value: "svc-0a9d4e12-5c63" },
      { label: "Fornecedor consultado em", value: "27/11/2026 às 15:11 (+03:00)" },
      { label: "Número do recibo", value: "000130" },
    ],
    codeLabel: "Código de verificação",
    code,
    link,
    verifyHint: "Leia o código QR ou abra o link para confirmar que este recibo é autêntico.",
    language: "pt",
  },
  sw: {
    title: "Pay Status Bot",
    kindLabel: "Makusanyo",
    transactionId: "TX-2026-11-27-004515",
    status: { symbol: "❌", text: "FAILED", tone: "failed" },
    fields: [
      { label: "Kumbukumbu ya MNO", value: "MP241127.1515.C04515" },
      { label: "ID ya muamala ya huduma", value: "svc-5b7e2f08-9a31" },
      { label: "Sababu ya kushindwa", value: "Salio la mteja halitoshi" },
      { label: "Mtoa huduma aliulizwa", value: "27 Nov 2026, saa 15:15 (+03:00)" },
      { label: "Namba ya risiti", value: "000131" },
    ],
    codeLabel: "Msimbo wa uthibitisho",
    code,
    link,
    verifyHint: "Changanua msimbo au fungua kiungo ili kuhakikisha kwamba risiti hii ni halali.",
    language: "sw",
  },
};

/** Provider text at its worst: 4,000 characters, markup, a right-to-left override, words longer than any line. */
export const HOSTILE_TEXT = `<b>&"'</b> \u202Etnemyap\u202C ${"W".repeat(300)} ${"لا يوجد رصيد كاف ".repeat(20)}${"<script>alert(1)</script>".repeat(40)} ${"x".repeat(4_000)}`.slice(0, 4_000);

export const HOSTILE_LAYOUT: ReceiptLayout = {
  ...RECEIPT_LAYOUTS.en,
  title: HOSTILE_TEXT,
  kindLabel: HOSTILE_TEXT,
  transactionId: `TX-${"W".repeat(200)}`,
  status: { symbol: "❌", text: HOSTILE_TEXT, tone: "failed" },
  fields: [
    { label: HOSTILE_TEXT, value: HOSTILE_TEXT },
    { label: "Service transaction ID", value: "\u202E" + "9".repeat(400) },
    { label: "Reason", value: `رصيد العميل غير كاف ${HOSTILE_TEXT}` },
    { label: "Provider asked on", value: "27 Nov 2026, 15:02 (+03:00)\u0000\u0007\uFFFF\uD800" },
  ],
  codeLabel: HOSTILE_TEXT,
  verifyHint: HOSTILE_TEXT,
  link: `https://pay.example.com/r/R7KQ4XM9P2JD?${"a".repeat(300)}`,
};

export const GENUINE_PAGE: Extract<ReceiptPageModel, { kind: "genuine" }> = {
  kind: "genuine",
  language: "en",
  heading: "✅ A genuine receipt",
  madeLine: "Made on 27 Nov 2026 at 15:02 (+03:00) by Pay Status Bot.",
  receipt: RECEIPT_LAYOUTS.en,
  now: { heading: "The provider says now", text: "✅ SUCCESS", differs: false },
};

export const UNKNOWN_PAGE: Extract<ReceiptPageModel, { kind: "unknown" }> = {
  kind: "unknown",
  language: "en",
  heading: "❌ No such receipt",
  text: "No such receipt: it was not made by this service.",
};
