import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token (256 bits) for a session or a reset link. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so the table alone cannot sign anyone in. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
