import { writeFileSync } from 'node:fs';
import { createTestApp } from '../../../apps/api/test/support/test-app';
import { renderApiTypes } from './render-api-types';

export const GENERATED_TYPES_FILE = new URL('../src/generated/api.ts', import.meta.url);

// The app is built on an in-memory database and never listens: only its OpenAPI document is read.
const t = await createTestApp();
try {
  writeFileSync(GENERATED_TYPES_FILE, await renderApiTypes(t.app.swagger()));
} finally {
  await t.close();
}
