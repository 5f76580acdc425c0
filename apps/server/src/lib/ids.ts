import crypto from 'node:crypto';

/** A new entity id: 24 lower-case hex characters (96 random bits). */
export const newId = (): string => crypto.randomBytes(12).toString('hex');

/** A secret for tokens and keys: URL-safe, 256 random bits. */
export const newSecret = (): string => crypto.randomBytes(32).toString('base64url');

/** Secrets are stored only as SHA-256; they are long and random, so no slow hash is needed. */
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');
