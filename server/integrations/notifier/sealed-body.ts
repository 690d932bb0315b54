import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Marks a sealed body; anything else (rows from before sealing) is shown as it is. */
const prefix = 'sealed:v1:';

export interface BodySeal {
  seal(text: string): string;
  /** The text, or null when another process (or this one before a restart) sealed it. */
  open(stored: string): string | null;
}

/**
 * Message bodies hold live secrets (passcodes, reset, payment and invitation links). The
 * outbox keeps them sealed (AES-256-GCM) under a key made at process start and never written
 * anywhere: the process that queued a message can deliver it (and, in development mode, show
 * it in the dev outbox), while a copy of the database, a backup or another process reads
 * nothing. A message still unsent when its process ends cannot be read any more, which is
 * what a secret at rest should become; the sender asks for a new one.
 */
export function createBodySeal(key: Buffer = randomBytes(32)): BodySeal {
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return `${prefix}${parts.join(':')}`;
    },
    open(stored) {
      if (!stored.startsWith(prefix)) return stored;
      const [iv, tag, sealed] = stored.slice(prefix.length).split(':');
      if (!iv || !tag || sealed === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(sealed, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
