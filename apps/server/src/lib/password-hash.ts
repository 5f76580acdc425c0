/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum). */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: 2 /* Argon2id */ });

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
