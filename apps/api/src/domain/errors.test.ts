import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError, refuseDuplicate } from './errors';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const filesUsing = (pattern: RegExp) =>
  sourceFiles(SRC)
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(SRC, file));

describe('errors, built one way', () => {
  it('When the source builds an AppError, then only through the factories of domain/errors.ts', () => {
    expect(filesUsing(/new AppError\(/)).toEqual(['domain/errors.ts']);
  });

  it('When a write may break a unique rule, then the index decides through refuseDuplicate', () => {
    expect(filesUsing(/isUniqueViolation\(/)).toEqual(['domain/errors.ts']);
  });

  it('When the write breaks a unique index, then 409 with the rule message; other failures pass through', async () => {
    const duplicate = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const refused = await refuseDuplicate('Já existe', () => Promise.reject(duplicate)).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'CONFLICT', status: 409, message: 'Já existe' });

    const other = Object.assign(new Error('foreign key'), { code: '23503' });
    await expect(refuseDuplicate('Já existe', () => Promise.reject(other))).rejects.toBe(other);
    await expect(refuseDuplicate('Já existe', async () => 7)).resolves.toBe(7);
  });
});
