import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm), OWASP's recommended minimum cost.
const ARGON_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON_OPTIONS);

// A fixed hash to verify against when the account does not exist, so timing does not reveal it.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('contraseña-de-relleno');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
