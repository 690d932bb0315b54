/**
 * The storefront's public config (GET config/public's `Data`) as every page's HTML carries it,
 * in a JSON script element of this id: the app starts with it instead of asking for it, so its
 * first screen waits for no call (server/modules/web-shell/public-config-tag.ts writes it,
 * web/app/embedded-public-config.ts reads it).
 */
export const publicConfigElementId = 'public-config';

/**
 * `value` as JSON that an HTML script element holds safely: `<` (of a `</script>`), and the
 * line separators JavaScript once refused, written as escapes, which JSON reads back the same.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
