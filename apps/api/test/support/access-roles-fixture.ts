import { addMember, insertApplication } from './event-fixtures';
import type { TestUser } from './owned-application-fixture';
import type { TestApp } from './test-app';

export type AccessRole = 'appOwner' | 'stranger' | 'reader' | 'writer' | 'deleter';

/**
 * The access tests' cast: `appOwner` owns a PRIVATE and a PUBLIC application; on the private one `reader`,
 * `writer` and `deleter` are members with only read, write or delete rights; `stranger` belongs to none.
 */
export async function insertAccessRoles(t: TestApp) {
  const users = {} as Record<AccessRole, TestUser>;
  for (const name of ['appOwner', 'stranger', 'reader', 'writer', 'deleter'] as const)
    users[name] = await t.createUser();
  const privateApp = await insertApplication(t, { ownerId: users.appOwner.id, visibility: 'PRIVATE' });
  const publicApp = await insertApplication(t, { ownerId: users.appOwner.id, visibility: 'PUBLIC' });
  await addMember(t, privateApp, users.reader.id);
  await addMember(t, privateApp, users.writer.id, { canWrite: true });
  await addMember(t, privateApp, users.deleter.id, { canDelete: true });
  return { users, privateApp, publicApp };
}
