import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

const LOCK = 'webhook-manager.lock';
const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('When it is released, then its file is gone and the directory can be taken again', () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK))).toBe(false);
    lockDataDir(dir)();
  });

  it('When its file is already gone, or now names another process, then releasing leaves things as they are', () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    unlinkSync(join(dir, LOCK));
    expect(release).not.toThrow();
    writeFileSync(join(dir, LOCK), '999999');
    expect(release).not.toThrow();
    expect(readFileSync(join(dir, LOCK), 'utf8')).toBe('999999');
  });

  it('When its file cannot be read back, then releasing throws the reason instead of leaving the lock in silence', () => {
    const dir = newDir();
    const release = lockDataDir(dir);
    unlinkSync(join(dir, LOCK));
    mkdirSync(join(dir, LOCK));
    expect(release).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
