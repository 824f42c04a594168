import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

describe('retention period setting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RETENTION_DAYS: '45' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When no admin has set it, then everyone signed in reads RETENTION_DAYS', async () => {
    const user = await t.createUser({ name: 'leitor' });
    const res = await t.get('/v1/retention', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ days: 45 });
  });

  it('When an admin sets 7 days, then it is stored and read back by other users', async () => {
    const res = await t.put('/v1/admin/retention', { body: { days: 7 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ days: 7 });
    const user = await t.createUser({ name: 'outro' });
    expect((await t.get('/v1/retention', { token: user.token })).body).toEqual({ days: 7 });
  });

  it('When the period is out of range or not a whole number, then 400 in Portuguese and nothing changes', async () => {
    for (const days of [0, 3651, 1.5]) {
      const res = await t.put('/v1/admin/retention', { body: { days } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await t.get('/v1/retention')).body).toEqual({ days: 7 });
  });

  it('When a non-admin tries to change it, then 403', async () => {
    const user = await t.createUser({ name: 'comum' });
    const res = await t.put('/v1/admin/retention', { body: { days: 2 }, token: user.token });
    expect(res.status).toBe(403);
    expect((await t.get('/v1/retention')).body).toEqual({ days: 7 });
  });
});
