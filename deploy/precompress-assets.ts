import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const textFiles = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
]);
/** Below this, a compressed copy saves less than its headers cost. */
const minBytes = 1024;

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip, best) beside every text file of a built
 * app that is worth it, so that the server sends the smallest encoding the browser accepts
 * without compressing at request time. Answers how many files got copies.
 */
export async function precompressDir(dir: string): Promise<number> {
  let compressed = 0;
  for (const file of await filesBelow(dir)) {
    if (!textFiles.has(extname(file))) continue;
    const bytes = await readFile(file);
    if (bytes.length < minBytes) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    compressed += 1;
  }
  return compressed;
}

/** The Vite plugin: precompresses the build output once it is written. */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'storefront-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
