import type { GuestClientCredentials } from '../../renderer/features/session/guest-token';

/**
 * Build-time settings of the patient app (Vite `VITE_*` variables). The guest client id and
 * secret are not secrets in a browser app: they only buy guest tokens, which the server limits
 * per IP and scopes to a guest's own order. The defaults match the server's development ones.
 */
export const guestClientCredentials: GuestClientCredentials = {
  clientId: import.meta.env.VITE_GUEST_CLIENT_ID || 'storefront-web',
  clientSecret: import.meta.env.VITE_GUEST_CLIENT_SECRET || 'dev-guest-secret-0123456789',
};

/** Used when the public config cannot be read (spec §9: storefront 132). */
export const fallbackStorefrontId = Number(import.meta.env.VITE_STOREFRONT_ID) || 132;

/**
 * The api key that identifies this client app (SECURITY: "identifies the client app, is never
 * a session"), sent by request modes 3 and 6. The default is the server's development key.
 */
export const clientApiKey: string = import.meta.env.VITE_API_KEY || 'dev-api-key-0123456789abcdef';
