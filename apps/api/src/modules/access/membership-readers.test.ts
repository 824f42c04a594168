import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The files that may touch memberships, and why. Only membership.ts reads them to decide access;
 * the others manage them (add, change, remove, the creator's own) or show them to an admin.
 */
const MAY_TOUCH_MEMBERSHIPS: Record<string, string> = {
  'modules/access/membership.ts': 'the one reader for access',
  'modules/applications/members-queries.ts': 'adds, changes and removes members',
  'modules/applications/invitations-queries.ts': 'adds the member who accepts an invitation',
  'modules/applications/queries.ts': 'makes the creator the owner',
  'modules/admin-users/queries.ts': "reads a user's applications for an admin",
  'modules/admin-users/service.ts': "shows an admin a user's applications (the `userApplications` field)",
  'db/schema/applications.ts': 'declares the table',
  'delivery/operational-events-sql.ts': "tells an application's writers of its routes' operational events",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('who reads memberships', () => {
  it('When a source file touches user_applications, then it is one listed with its reason', () => {
    const touching = sourceFiles(SRC)
      .filter((file) => /userApplications|user_applications/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(touching.sort()).toEqual(Object.keys(MAY_TOUCH_MEMBERSHIPS).sort());
  });
});
