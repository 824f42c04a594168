import { insertApplication } from './event-fixtures';
import { createTestApp, type TestApp } from './test-app';

export type TestUser = Awaited<ReturnType<TestApp['createUser']>>;

/** A fresh app with one user who owns one application: where the events and subscriptions tests start. */
export async function startWithOwnedApplication(applicationName?: string) {
  const t = await createTestApp();
  const owner = await t.createUser();
  const appId = await insertApplication(t, { ownerId: owner.id, name: applicationName });
  return { t, owner, appId };
}
