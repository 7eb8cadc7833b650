import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) at OWASP's settings: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the user does not exist makes a failed sign-in take
 * the same time either way, so timing does not reveal which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('no-such-user-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
};
