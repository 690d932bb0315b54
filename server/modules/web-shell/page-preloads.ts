import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type PagePath, pageModuleOfPath, pagePathOf } from '../../../shared/checkout/page-modules';
import { earlyReadsTag } from './early-reads-tag';

/** A chunk of the build's manifest (`.vite/manifest.json`), keyed by its source. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The manifest's key of the app's entry: the built index.html loads its files itself. */
const entryKey = 'index.html';

interface ChunkFiles {
  scripts: Set<string>;
  styles: Set<string>;
}

/** A chunk's file, its stylesheets and those of every chunk it imports statically. */
function filesOf(manifest: BuildManifest, key: string, into: ChunkFiles): ChunkFiles {
  const chunk = manifest[key];
  if (!chunk || into.scripts.has(chunk.file)) return into;
  into.scripts.add(chunk.file);
  for (const style of chunk.css ?? []) into.styles.add(style);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
  return into;
}

const emptyFiles = (): ChunkFiles => ({ scripts: new Set(), styles: new Set() });

/**
 * The links a page path's index.html adds to the entry's: its page module's chunk and each
 * chunk it imports statically (`modulepreload`), and their stylesheets, less what the entry
 * links already. The app's loader for the page finds them in the document and adds none
 * itself: a first visit fetches the page with the app instead of after it, and the first
 * render spends no time adding links (about 1 ms each on a phone, 20 and more for a page).
 * Empty when the manifest has no such module.
 */
export function pagePreloadLinks(
  manifest: BuildManifest,
  path: PagePath,
  entry: ChunkFiles = filesOf(manifest, entryKey, emptyFiles()),
): string {
  const key = `pages/${pageModuleOfPath[path]}.tsx`;
  if (!manifest[key]) return '';
  const page = filesOf(manifest, key, emptyFiles());
  const scripts = [...page.scripts].filter((file) => !entry.scripts.has(file));
  const styles = [...page.styles].filter((file) => !entry.styles.has(file));
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('');
}

/** The built index.html with `tags` (links, scripts) put at the end of its head. */
export function atEndOfHead(html: string, tags: string): string {
  const end = html.indexOf('</head>');
  return tags && end >= 0 ? `${html.slice(0, end)}${tags}${html.slice(end)}` : html;
}

/**
 * The index.html of every page path, made from the build in webDir (null: no manifest): its
 * page's links, and the early reads' script where the page has some.
 */
async function readPageHtmls(webDir: string): Promise<Map<PagePath, string> | null> {
  const html = await readFile(resolve(webDir, 'index.html'), 'utf8');
  const manifestText = await readFile(resolve(webDir, '.vite/manifest.json'), 'utf8').catch(
    () => null,
  );
  if (manifestText === null) return null;
  const manifest = JSON.parse(manifestText) as BuildManifest;
  const entry = filesOf(manifest, entryKey, emptyFiles());
  const pages = new Map<PagePath, string>();
  for (const path of Object.keys(pageModuleOfPath) as PagePath[]) {
    const head = earlyReadsTag(path) + pagePreloadLinks(manifest, path, entry);
    pages.set(path, atEndOfHead(html, head));
  }
  return pages;
}

/** The last pages made: for the built index.html of this modification time. */
let last: {
  indexFile: string;
  mtimeMs: number;
  pages: Promise<Map<PagePath, string> | null>;
} | null = null;

/**
 * The index.html for a path of the patient app with its page's chunks linked, from the build
 * in webDir; null when the build has no manifest (the file is then sent as it is). Made again
 * only when the build changed: a visit costs one `stat`.
 */
export async function pageHtml(webDir: string, urlPath: string): Promise<string | null> {
  const indexFile = resolve(webDir, 'index.html');
  const { mtimeMs } = await stat(indexFile);
  let made = last;
  if (made?.indexFile !== indexFile || made.mtimeMs !== mtimeMs) {
    const fresh = { indexFile, mtimeMs, pages: readPageHtmls(webDir) };
    made = fresh;
    last = fresh;
    // A failed read is not kept: the next visit tries again.
    fresh.pages.catch(() => {
      if (last === fresh) last = null;
    });
  }
  const pages = await made.pages;
  return pages?.get(pagePathOf(urlPath)) ?? null;
}
