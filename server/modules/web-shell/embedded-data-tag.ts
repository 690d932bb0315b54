import { jsonForScriptElement } from '../../../shared/api/embedded-page-data';

const tags = new WeakMap<object, string>();

/**
 * An answer as a page's HTML carries it (shared/api/embedded-page-data.ts): a JSON script
 * element of that id, which runs nothing (no CSP source needed). Written once per answer object
 * the storefront's caches hand out (each is one element's: the public config, the catalog).
 */
export function embeddedDataTag(id: string, answer: object): string {
  let tag = tags.get(answer);
  if (tag === undefined) {
    tag = `<script type="application/json" id="${id}">${jsonForScriptElement(answer)}</script>`;
    tags.set(answer, tag);
  }
  return tag;
}
