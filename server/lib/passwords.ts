import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const argon2id = 2;

/** argon2id with m = 19 MiB, t = 2, p = 1 (OWASP ASVS 5.0 §11.4.2). */
export const argon2Options = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) {
    // Spend the same effort so that timing does not tell which accounts have a password.
    await hash(password, argon2Options);
    return false;
  }
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
