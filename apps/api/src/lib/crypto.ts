import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hash,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { LRUCache } from 'lru-cache';

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, all parameters stored so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password,
      Buffer.from(salt, 'base64'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p) },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
  return timingSafeEqual(actual, expected);
}

/** Random token of `bytes` bytes, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Lookup hash for tokens and API keys (they carry enough entropy that a fast hash is safe). */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

/**
 * Marks a secret stored sealed in a column (`wmenc1:` + the `iv.tag.ciphertext` envelope), so a
 * start can tell the values it still has to encrypt from those already encrypted.
 */
export const SEALED_PREFIX = 'wmenc1:';
export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

/** Opened secrets kept in memory (the least recently used forgotten past this), keyed by their ciphertext: the delivery hot path decrypts each once. */
const OPENED_CACHE_SIZE = 10_000;

/** AES-256-GCM; output `iv.tag.ciphertext` in base64url. */
export function createCipher(secretKey: string) {
  const key = createHash('sha256').update(secretKey).digest();
  const opened = new LRUCache<string, string>({ max: OPENED_CACHE_SIZE });
  const encrypt = (plain: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
  };
  const decrypt = (encoded: string): string => {
    const [iv, tag, data] = encoded.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('malformed ciphertext: expected iv.tag.data');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  };
  return {
    encrypt,
    decrypt,
    /** The value to store: always encrypted, whatever it looks like. */
    seal: (plain: string): string => `${SEALED_PREFIX}${encrypt(plain)}`,
    /** The clear value of a stored secret; one stored before sealing existed passes through as it is. */
    open(stored: string): string {
      if (!isSealed(stored)) return stored;
      const cached = opened.get(stored);
      if (cached !== undefined) return cached;
      const plain = decrypt(stored.slice(SEALED_PREFIX.length));
      opened.set(stored, plain);
      return plain;
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;
