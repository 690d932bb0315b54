import { call } from './http';

export interface Caller {
  apiKey?: string | null;
  token?: string | null;
}

/**
 * Asks SendRegistrationCode for a code to `email` and reads it from the development outbox, as
 * the person registering reads their mail.
 */
export async function registrationCode(
  baseUrl: string,
  email: string,
  caller: Caller,
  storefrontId = 132,
): Promise<string> {
  const sent = await call(baseUrl, 'POST', '/api/user/SendRegistrationCode', {
    ...caller,
    json: { Email: email, CompanyId: storefrontId },
  });
  if (sent.status !== 200)
    throw new Error(`SendRegistrationCode answered ${sent.status}: ${sent.body.Message}`);
  // The code goes to the address as stored: trimmed, lower-case.
  const to = encodeURIComponent(email.trim().toLowerCase());
  const outbox = await call(baseUrl, 'GET', `/api/dev/outbox?to=${to}`);
  const code = /\b(\d{6})\b/.exec(String(outbox.body.Data[0]?.body))?.[1];
  if (!code) throw new Error(`no registration code for ${email}`);
  return code;
}

/** A registration body with the code its Email was sent. */
export async function withEmailCode<T extends { Email: string; CompanyId?: number }>(
  baseUrl: string,
  body: T,
  caller: Caller,
): Promise<T & { EmailCode: string }> {
  const code = await registrationCode(baseUrl, body.Email, caller, body.CompanyId ?? 132);
  return { ...body, EmailCode: code };
}
