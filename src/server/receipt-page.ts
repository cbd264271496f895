import type { ReceiptLayout, ReceiptPageModel } from "../telegram/render/receipt-layout.ts";
import { drawableText } from "../telegram/render/wrap-text.ts";

/**
 * What the page is sent with: it runs nothing, loads nothing from anywhere (its style is inline, its
 * one image a data: icon that stops the browser asking for /favicon.ico), is never cached on the way
 * nor tells another site where the reader came from (the address holds the code).
 */
export const RECEIPT_PAGE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "Content-Type": "text/html; charset=utf-8",
} as const;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
/** Provider text as the picture prints it (no controls, no bidirectional overrides), escaped. */
const shown = (text: string) => escapeHtml(drawableText(text));

// Readable on a 360 px phone without zooming: one column, system fonts, long words broken anywhere.
// Colour is never the only sign: the status carries its symbol and its words.
const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#f2f4f7;color:#151a22;font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;overflow-wrap:anywhere}
main{max-width:40rem;margin:0 auto;padding:20px 16px 32px}
h1{font-size:1.6rem;line-height:1.25;margin:4px 0 8px}
h2{font-size:1rem;margin:0 0 4px;color:#596273;font-weight:600}
p{margin:0 0 8px}
.card{background:#fff;border:1px solid #dde1e7;border-radius:14px;padding:16px;margin:16px 0}
.now.differs{border:3px solid #a15c00;background:#fff6e5}
.now .text{font-size:1.35rem;font-weight:700}
.note{font-weight:600;color:#7a4500;margin-top:8px}
.title{font-weight:700;font-size:1.1rem;margin-bottom:12px}
.kind{color:#596273;margin:0}
.id,.code{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-weight:700}
.id{font-size:1.25rem;margin-bottom:12px}
.status{font-size:1.75rem;font-weight:800;line-height:1.2;border-radius:12px;border:3px solid;padding:12px 14px;margin:0 0 16px}
.status.success{color:#17692f;background:#e5f3e9}
.status.failed{color:#b3261e;background:#fce9e7}
dl{margin:0}
dt{color:#596273;font-size:.9rem}
dd{margin:0 0 12px}
.code{font-size:1.3rem;letter-spacing:.05em}
.made{color:#3b4350}
`;

function page(language: string, title: string, body: string): string {
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(language)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="color-scheme" content="light">',
    '<link rel="icon" href="data:,">',
    `<title>${shown(title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    `<body><main>${body}</main></body>`,
    "</html>",
    "",
  ].join("\n");
}

/** Exactly the facts the picture prints, in its order. */
function receiptFacts(receipt: ReceiptLayout): string {
  const fields = receipt.fields.map((field) => `<dt>${shown(field.label)}</dt><dd dir="auto">${shown(field.value)}</dd>`);
  return [
    '<section class="card receipt">',
    `<p class="title">${shown(receipt.title)}</p>`,
    `<p class="kind">${shown(receipt.kindLabel)}</p>`,
    `<p class="id">${shown(receipt.transactionId)}</p>`,
    `<p class="status ${receipt.status.tone}"><span aria-hidden="true">${shown(receipt.status.symbol)}</span> ${shown(receipt.status.text)}</p>`,
    `<dl>${fields.join("")}<dt>${shown(receipt.codeLabel)}</dt><dd class="code">${shown(receipt.code)}</dd></dl>`,
    "</section>",
  ].join("\n");
}

/**
 * The check page, whole, from an already-translated model: a genuine receipt shows what the
 * provider says now (first, and marked when it differs from what was printed), then the facts as
 * printed; an unknown code shows its heading and its sentence and nothing else.
 */
export function renderReceiptPage(model: ReceiptPageModel): string {
  switch (model.kind) {
    case "unknown":
      return page(model.language, model.heading, `<h1>${shown(model.heading)}</h1>\n<p>${shown(model.text)}</p>`);
    case "genuine": {
      const { now } = model;
      const body = [
        `<h1>${shown(model.heading)}</h1>`,
        `<p class="made">${shown(model.madeLine)}</p>`,
        `<section class="card now${now.differs ? " differs" : ""}">`,
        `<h2>${shown(now.heading)}</h2>`,
        `<p class="text">${shown(now.text)}</p>`,
        now.note === undefined ? "" : `<p class="note">${shown(now.note)}</p>`,
        "</section>",
        receiptFacts(model.receipt),
      ];
      return page(model.language, model.heading, body.filter((part) => part !== "").join("\n"));
    }
  }
}
