import { describe, expect, it } from 'vitest';
import { createCipher, isSealed } from './crypto';
import { openAuthDetails, sealAuthDetails } from './sealed-auth-details';

const cipher = createCipher('unit-secret-key-with-at-least-32-characters');

describe('sealed secrets', () => {
  it('When a secret is sealed, then it is stored under the prefix, never in clear, and opens back to itself', () => {
    const sealed = cipher.seal('whsec_abc');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('whsec_abc');
    expect(cipher.seal('whsec_abc')).not.toBe(sealed);
    expect(cipher.open(sealed)).toBe('whsec_abc');
    expect(cipher.open(sealed)).toBe('whsec_abc');
  });

  it('When a value was stored before sealing existed, then opening answers it as it is', () => {
    expect(cipher.open('whsec_antigo')).toBe('whsec_antigo');
  });

  it('When another key opens a sealed secret, then it fails instead of answering garbage', () => {
    const other = createCipher('other-secret-key-with-at-least-32-characters');
    expect(() => other.open(cipher.seal('token'))).toThrow();
  });

  it('When auth details are sealed, then only their secret fields are, and opening restores them', () => {
    const details = { username: 'joana', password: 'senha-1' };
    const sealed = sealAuthDetails(cipher, details);
    expect(sealed.username).toBe('joana');
    expect(sealed.password).toMatch(/^wmenc1:/);
    expect(openAuthDetails(cipher, sealed)).toEqual(details);
    expect(sealAuthDetails(cipher, { key: 'x-chave', value: 'v' }).key).toBe('x-chave');
    expect(sealAuthDetails(cipher, { token: 't' }).token).toMatch(/^wmenc1:/);
    expect(sealAuthDetails(cipher, null)).toBeNull();
  });
});
