import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not stop two processes from opening one directory, and that corrupts it.
 * We hold an exclusive lock file beside the data while it is open; a lock left by a dead
 * process is reclaimed.
 */
export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in another EcoGrid process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to a different folder.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'ecogrid.lock');
  if (heldHere.has(file)) throw new DatabaseLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      // Our own pid in a lock we do not hold is a leftover of an earlier run that had the same pid.
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseLockedError(dir, holder);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`Could not take the lock on ${file}`);
}
