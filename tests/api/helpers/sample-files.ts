/**
 * Files of each kind, made here byte by byte: what a phone or a scanner would send, and what
 * an attacker would rename.
 */

/** A 1×1 PNG. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A JPEG: start of image, a JFIF header, data, end of image. */
export function jpegBytes(size = 2048): Buffer {
  const head = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
  ]);
  const tail = Buffer.from([0xff, 0xd9]);
  return Buffer.concat([
    head,
    Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x11),
    tail,
  ]);
}

/** A PDF of exactly `size` bytes. */
export function pdfBytes(size = 1024): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n');
  const tail = Buffer.from('\ntrailer << >>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

/** A HEIC as an iPhone writes it: an ISO-BMFF `ftyp` box with the heic brand, then data. */
export function heicBytes(size = 4096): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0x00, 0x00, 0x00, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0x00, 0x00, 0x00, 0x00]),
    Buffer.from('mif1heic'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(size - ftyp.length, 0x00)]);
}

/** A Linux executable's first bytes. */
export const elfBytes = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(512, 0),
]);

export const htmlBytes = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);
