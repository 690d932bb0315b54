import {
  jsonForScriptElement,
  publicConfigElementId,
} from '../../../shared/api/embedded-public-config';
import type { PublicConfigData } from '../../../shared/contracts/config';

const tags = new WeakMap<Readonly<PublicConfigData>, string>();

/**
 * The public config as a page's HTML carries it (shared/api/embedded-public-config.ts): a JSON
 * script element, which runs nothing (no CSP source needed). Written once per config object
 * the storefront cache hands out.
 */
export function publicConfigTag(config: Readonly<PublicConfigData>): string {
  let tag = tags.get(config);
  if (tag === undefined) {
    tag = `<script type="application/json" id="${publicConfigElementId}">${jsonForScriptElement(config)}</script>`;
    tags.set(config, tag);
  }
  return tag;
}
