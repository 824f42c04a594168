import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from './auth';
import { ZPassword } from './common';
import { COMMON_PASSWORD_MESSAGE, COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import { ZUpdateProfileRequest } from './profile';

const messageOf = (password: unknown) => ZPassword.safeParse(password).error?.issues[0]?.message;

describe('password policy', () => {
  it('When a new password is shorter than 8 characters, then it is refused in pt-BR', () => {
    expect(messageOf('')).toBe('Senha é obrigatória');
    expect(messageOf('abc1234')).toBe('Senha deve ter pelo menos 8 caracteres');
    expect(messageOf('abcd1234-x')).toBeUndefined();
  });

  it('When a new password is only whitespace, then it is refused', () => {
    for (const password of ['        ', '\t\t\t\t\t\t\t\t', ' \n \n \n \n ']) {
      expect(messageOf(password), JSON.stringify(password)).toBe('Senha não pode conter apenas espaços');
    }
    expect(messageOf('  meio com espaços  ')).toBeUndefined();
  });

  it('When a new password is one of the most common, in any case, then it is refused', () => {
    for (const password of [
      'password',
      'PASSWORD1',
      '12345678',
      'qwerty123',
      'senha123',
      'Admin123',
      'iloveyou',
    ]) {
      expect(messageOf(password), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
    for (const password of ['admin-secret-1', 'user-password-1', 'cavalo correto bateria grampo']) {
      expect(messageOf(password), password).toBeUndefined();
    }
  });

  it('When the list is read, then every entry could otherwise pass (8+ characters, lower case, no repeats)', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length, password).toBeGreaterThanOrEqual(8);
      expect(password, password).toBe(password.toLowerCase());
      expect(isCommonPassword(password.toUpperCase()), password).toBe(true);
    }
  });

  it('When signing in, then any non-empty password is accepted for checking, however short', () => {
    expect(ZLoginRequest.safeParse({ email: 'a@b.co', password: 'abcdef' }).success).toBe(true);
    expect(ZLoginRequest.safeParse({ email: 'a@b.co', password: 'abc' }).success).toBe(true);
    expect(ZLoginRequest.safeParse({ email: 'a@b.co', password: '' }).error?.issues[0]?.message).toBe(
      'Senha é obrigatória',
    );
  });

  it('When the profile e-mail changes, then the current password travels with it; a name alone needs none', () => {
    expect(ZUpdateProfileRequest.safeParse({ name: 'Ana', email: 'a@b.co' }).success).toBe(true);
    expect(
      ZUpdateProfileRequest.safeParse({ name: 'Ana', email: 'a@b.co', currentPassword: 'qualquer' }).success,
    ).toBe(true);
  });
});
