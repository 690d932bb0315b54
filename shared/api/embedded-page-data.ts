/**
 * What a page's HTML carries of the API's answers, each in a JSON script element of its id, so
 * the app starts with it instead of asking (server/modules/web-shell/embedded-data-tag.ts writes
 * them, web/app/embedded-page-data.ts reads them):
 * every page the storefront's public config (GET config/public's `Data`), so its first screen
 * waits for no call; the home page also the catalog (GET Product/GetProductandConsultPrice's
 * `Data`), so its products are drawn in the app's first render.
 */
export const publicConfigElementId = 'public-config';
export const catalogElementId = 'catalog';

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
