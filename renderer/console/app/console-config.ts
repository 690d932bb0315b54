/**
 * The storefront whose staff sign in here. Sign-in names it (AccessTokenSfrw `companyid`) and
 * nothing public answers it before sign-in, so it is fixed at build time: VITE_STOREFRONT_ID,
 * else the server's default storefront (132).
 */
export const consoleStorefrontId: number = (() => {
  const configured = Number(import.meta.env.VITE_STOREFRONT_ID);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : 132;
})();
