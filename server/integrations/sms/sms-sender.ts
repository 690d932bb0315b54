/** What the notifier needs of a text-message provider. */
export interface SmsSender {
  /** Sends one message; rejects when it could not be handed to the provider. */
  send(to: string, body: string): Promise<void>;
}

/** An error the provider will answer the same way however often it is asked (a bad number). */
export class PermanentSmsError extends Error {}

/** The US numbers we keep (10 digits, or 11 with the country code) in E.164, as providers want. */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

/** A sender made at its first message (a provider's SDK is loaded only by a process that texts). */
export function madeOnFirstSend(make: () => Promise<SmsSender>): SmsSender {
  let sender: Promise<SmsSender> | null = null;
  return {
    async send(to, body) {
      sender ??= make();
      await (await sender).send(to, body);
    },
  };
}

/**
 * Tries a send up to `attempts` times, waiting `firstDelayMs`, then 4 times as long, between
 * tries (a provider's hiccup, a rate limit); a permanent error is not tried again.
 */
export function withRetries(
  sender: SmsSender,
  options: { attempts?: number; firstDelayMs?: number } = {},
): SmsSender {
  const attempts = options.attempts ?? 3;
  const firstDelayMs = options.firstDelayMs ?? 250;
  return {
    async send(to, body) {
      let delay = firstDelayMs;
      for (let attempt = 1; ; attempt++) {
        try {
          await sender.send(to, body);
          return;
        } catch (error) {
          if (error instanceof PermanentSmsError || attempt >= attempts) throw error;
          await new Promise((resolve) => setTimeout(resolve, delay));
          delay *= 4;
        }
      }
    },
  };
}
