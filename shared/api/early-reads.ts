import { routes } from '../checkout/routes';
import { defaultBasePaths, joinUrl } from './bases';
import { endpointPath } from './endpoints';
import type { RuntimeResponse } from './runtime-fetch';
import { storageKeys } from './storage-keys';

const cart = joinUrl(defaultBasePaths.user, endpointPath('cartItems'));

/**
 * The reads a signed-in patient's page draws itself from, asked for by the page's HTML before
 * any of the app's scripts has arrived (`earlyReadsScript`): on a phone the answers come in
 * while the app's chunks are still downloading, instead of after them. Each is the very request
 * the page's own query sends (same URL, same token), which takes its answer
 * (web/app/early-reads.ts); a path not listed here reads as before.
 */
export const earlyReadsOfPage: Readonly<Record<string, readonly string[]>> = {
  [routes.summary]: [cart],
  [routes.shippingDetails]: [cart],
  [routes.questionnaire]: [cart],
  [routes.pharmacyOptions]: [cart],
  [routes.pharmacySearch]: [cart],
  [routes.pharmacyMap]: [cart],
  [routes.scheduleVisit]: [cart],
  [routes.doctorConfirmation]: [cart],
  [routes.myAccount]: [
    joinUrl(defaultBasePaths.user, endpointPath('userInfo')),
    joinUrl(defaultBasePaths.order, endpointPath('recentOrders')),
  ],
};

/** Where the page's script leaves its reads for the app (a property of `window`). */
export const earlyReadsProperty = '__earlyReads';

/** One read the page's HTML sent: its absolute URL, the Authorization it carried, its answer. */
export interface EarlyRead {
  url: string;
  authorization: string;
  /** Null when it got no answer (offline): the app then asks itself. */
  response: Promise<RuntimeResponse | null>;
}

/**
 * The inline script of a page's HTML that sends `urls` (its CSP hash is the server's): with a
 * stored user token, it sends each read as the API client sends it and leaves them in
 * `window[earlyReadsProperty]`. Plain ES5, no module: it runs as the document is parsed. A
 * storage the browser refuses (private modes) means no early read.
 */
export function earlyReadsScript(urls: readonly string[]): string {
  const token = JSON.stringify(storageKeys.token);
  return (
    `(function(){var token=null;try{token=localStorage.getItem(${token})}catch(e){}` +
    `if(!token)return;var authorization='Bearer '+token;` +
    `window.${earlyReadsProperty}=${JSON.stringify(urls)}.map(function(url){` +
    `return{url:new URL(url,location.href).href,authorization:authorization,` +
    `response:fetch(url,{headers:{Accept:'application/json, text/plain, */*',` +
    `Authorization:authorization}}).catch(function(){return null})}})})()`
  );
}
