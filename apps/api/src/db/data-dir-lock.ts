import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartRefusedError } from '../lib/start-refused';

/** A start refused because another live process has the embedded database open. */
export class DataDirInUseError extends StartRefusedError {}

const LOCK_FILE = 'webhook-manager.lock';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the embedded database's directory for this process. PGlite has no lock
 * of its own: two processes on one directory each write their own copy, and
 * one side's accepted writes are lost. A lock left by a dead process is taken
 * over. Answers the release.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      // Any failure but a lock already gone reaches the caller closing the database: a lock left
      // behind is taken over by the next start, but whoever stops should hear why it stayed.
      return () => {
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(
        `O diretório de dados ${dir} já está em uso pelo processo ${owner}: pare-o, ou use outro DATA_DIR ` +
          'ou um DATABASE_URL (PostgreSQL) para rodar mais de um processo.',
      );
    }
    unlinkSync(path);
  }
}
