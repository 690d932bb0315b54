import twilio from 'twilio';
import { e164, PermanentSmsError, type SmsSender } from './sms-sender';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** Our sending number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** The API's address; set only to talk to a local stand-in (tests). */
  apiUrl?: string | null;
}

/**
 * Text messages through Twilio's official SDK (Messages API). A 4xx answer (a number that
 * cannot receive texts, a bad sender) is permanent; anything else may be tried again.
 */
export function createTwilioSms(settings: TwilioSettings): SmsSender {
  const client = twilio(settings.accountSid, settings.authToken);
  if (settings.apiUrl) client.api.baseUrl = settings.apiUrl;
  const sender = settings.from.startsWith('MG')
    ? { messagingServiceSid: settings.from }
    : { from: settings.from };
  return {
    async send(to, body) {
      try {
        await client.messages.create({ ...sender, to: e164(to), body });
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
          throw new PermanentSmsError(`Twilio refused the message (${status})`);
        }
        throw error;
      }
    },
  };
}
