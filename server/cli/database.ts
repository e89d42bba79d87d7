import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../infra/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../infra/db/lock';

/** Opens the configured database for a command-line task (taking the DATA_DIR lock on PGlite) and closes it. */
export async function withDatabase(task: (database: Database) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    let release = () => {};
    if (!config.databaseUrl) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      release = acquireDataDirLock(config.dataDir);
    }
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    });
    try {
      await task(database);
    } finally {
      await database.close();
      release();
    }
  } catch (error) {
    const message =
      error instanceof DataDirLockedError || error instanceof UsageError ? error.message : `Error: ${(error as Error).message}`;
    console.error(message);
    process.exitCode = 1;
  }
}

export class UsageError extends Error {}
