import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** POSTs `base` with each case's override and expects 400 VALIDATION_ERROR with the case's pt-BR message. */
export async function expectCreateRefusals(
  t: TestApp,
  url: string,
  token: string,
  base: Record<string, unknown>,
  cases: readonly (readonly [Record<string, unknown>, string])[],
) {
  for (const [override, message] of cases) {
    const res = await t.post(url, { token, body: { ...base, ...override } });
    expect({ override, status: res.status, error: res.body.error }).toEqual({
      override,
      status: 400,
      error: message,
    });
    expect(res.body.code).toBe('VALIDATION_ERROR');
  }
}
