import lockfile from 'proper-lockfile';

/** How long a lock outlives the process that held it, when that process was killed. */
const staleAfterMs = 10_000;

export class DataFolderInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another Card Lens process (a running server, an import or an index build). ` +
        'Stop that process, then run this again; a folder whose process was killed is free again within ' +
        `${staleAfterMs / 1000} seconds. To import into a running server, use PostgreSQL (DATABASE_URL), which serves several processes at once.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * Makes one process the owner of an embedded database folder: PGlite is a single-process database,
 * and a second process writing to the same files leaves a folder that never opens again. The lock
 * (`<folder>.lock`, kept fresh while held) frees itself when its process dies.
 */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      stale: staleAfterMs,
      realpath: false,
      retries: 0,
      onCompromised: (error) => {
        // Another process took the folder over: writing on would corrupt it, so stop at once.
        console.error(`Lost the lock on the data folder ${dataDir} (${error.message}); stopping to keep it intact.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataFolderInUseError(dataDir);
    throw error;
  }
}
