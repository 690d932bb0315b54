// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const controlOrQuote = /[\u0000-\u001f\u007f"]/g;

/** A file name safe to keep and to send back: no path, no control characters, 200 at most. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(controlOrQuote, '').trim().slice(0, 200);
  return cleaned || 'document';
}

const extensions: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/heic': '.heic',
  'image/heif': '.heif',
  'application/pdf': '.pdf',
};

/** The name a download is saved under: the kept name, with the extension of its real kind. */
export function downloadName(name: string, mimeType: string): string {
  const extension = extensions[mimeType] ?? '';
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}
