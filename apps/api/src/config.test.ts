import { COMMON_PASSWORD_MESSAGE } from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(env, []);

describe('loadConfig', () => {
  it('When a variable is set but empty, then its default applies as if it were unset', () => {
    const config = load({
      PORT: '',
      DATABASE_URL: '',
      LOG_LEVEL: '',
      ALLOW_PRIVATE_TARGETS: '',
      DATA_DIR: '',
    });
    expect(config.PORT).toBe(3333);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(config.DATA_DIR).toBe('./data');
  });

  it('When integer settings are plain decimal digits, then they are read as numbers', () => {
    const config = load({ PORT: '8080', DATABASE_POOL_SIZE: '5', QUEUE_PACING_MAX_WAIT_MS: '0' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_POOL_SIZE).toBe(5);
    expect(config.QUEUE_PACING_MAX_WAIT_MS).toBe(0);
  });

  it.each(['1e3', '0x10', '12.0', '-1', ' 80', '80 ', '+80', '0b11'])(
    'When an integer setting is "%s", then the start stops naming the variable',
    (value) => {
      expect(() => load({ PORT: value })).toThrow(ConfigError);
      expect(() => load({ DELIVERY_TIMEOUT_MS: value })).toThrow(
        /DELIVERY_TIMEOUT_MS: use um número inteiro/,
      );
    },
  );

  it('When an integer setting is out of range, then the message is in pt-BR and names the variable', () => {
    expect(() => load({ PORT: '65536' })).toThrow(/PORT: deve ser no máximo 65535/);
    expect(() => load({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE: deve ser no mínimo 1/);
  });

  it('When the session lifetime is given, then decimal hours are accepted and other notations refused', () => {
    expect(load({ SESSION_TTL_HOURS: '0.5' }).SESSION_TTL_HOURS).toBe(0.5);
    expect(() => load({ SESSION_TTL_HOURS: '1e3' })).toThrow(/SESSION_TTL_HOURS: use um número/);
    expect(() => load({ SESSION_TTL_HOURS: '0' })).toThrow(/SESSION_TTL_HOURS: deve ser maior que 0/);
  });

  it("When ADMIN_PASSWORD breaks the password policy, then the start stops naming it with the policy's message", () => {
    expect(() => load({ ADMIN_PASSWORD: 'curta12' })).toThrow(
      /ADMIN_PASSWORD: Senha deve ter pelo menos 8 caracteres/,
    );
    expect(() => load({ ADMIN_PASSWORD: 'admin123' })).toThrow(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
    expect(() => load({ ADMIN_PASSWORD: ' '.repeat(9) })).toThrow(
      /ADMIN_PASSWORD: Senha não pode conter apenas espaços/,
    );
    expect(load({ ADMIN_PASSWORD: 'troque-esta-senha' }).ADMIN_PASSWORD).toBe('troque-esta-senha');
    expect(load({}).ADMIN_PASSWORD).toBeUndefined();
  });

  it('When the headers timeout is longer than the whole-request timeout, then the start stops naming it', () => {
    expect(() => load({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: deve ser no máximo HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(load({ HTTP_HEADERS_TIMEOUT_MS: '30000' }).HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});
