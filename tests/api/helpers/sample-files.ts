import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

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

/** A PNG photo of `width` × `height` pixels: a colour gradient, so that it has detail. */
export function pngPhoto(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = (x * 255) / width;
      row[2 + x * 3] = (y * 255) / height;
      row[3 + x * 3] = 128;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real HEIC photo (HEVC in HEIF, as a phone writes it), encoded here from a PNG photo by
 * libheif's `heif-enc` (Debian's libheif-examples, which .ci/run installs).
 */
export function realHeicPhoto(width = 1000, height = 750): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'heic-'));
  try {
    writeFileSync(join(dir, 'photo.png'), pngPhoto(width, height));
    const made = spawnSync('heif-enc', ['-q', '60', 'photo.png', '-o', 'photo.heic'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (made.status !== 0) {
      throw new Error(`heif-enc failed (is libheif-examples installed?): ${made.stderr}`);
    }
    return readFileSync(join(dir, 'photo.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
