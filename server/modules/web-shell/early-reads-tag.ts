import { createHash } from 'node:crypto';
import { earlyReadsOfPage, earlyReadsScript } from '../../../shared/api/early-reads';

const scriptOfPage = new Map(
  Object.entries(earlyReadsOfPage).map(([path, urls]) => [path, earlyReadsScript(urls)]),
);

/** The CSP sources that let the pages run their early reads' inline scripts, and no other. */
export const earlyReadsScriptSources = [...new Set(scriptOfPage.values())].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/** The early reads' script for the head of a path's index.html; empty where it reads nothing. */
export function earlyReadsTag(path: string): string {
  const script = scriptOfPage.get(path);
  return script ? `<script>${script}</script>` : '';
}
