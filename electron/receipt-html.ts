import type { ReceiptToPrint } from '../shared/contracts/desktop-bridge';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Receipt text comes from patient and order data: it is always text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/**
 * The printable page of a receipt. It runs no script (the print window also has JavaScript
 * off) and its own CSP forbids loading anything, so a hostile line can neither run nor call out.
 */
export function receiptHtml(receipt: ReceiptToPrint): string {
  const rows = receipt.lines
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml(line.label)}</th><td>${escapeHtml(line.value)}</td></tr>`,
    )
    .join('');
  const title = escapeHtml(receipt.title);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${title}</title>`,
    '<style>',
    'body{font:12pt/1.4 system-ui,sans-serif;margin:12mm;color:#000}',
    'h1{font-size:16pt;margin:0 0 8mm}',
    'table{border-collapse:collapse;width:100%}',
    'th,td{padding:1.5mm 0;border-bottom:0.2mm solid #999;vertical-align:top}',
    'th{text-align:left;font-weight:600;padding-right:6mm;width:40%}',
    'td{text-align:right;white-space:pre-wrap}',
    '</style></head>',
    `<body><h1>${title}</h1><table><tbody>${rows}</tbody></table></body></html>`,
  ].join('');
}

/** The receipt as a data: URL for the hidden print window. */
export function receiptDataUrl(receipt: ReceiptToPrint): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(receiptHtml(receipt))}`;
}
