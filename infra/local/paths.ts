/**
 * Where the local runtime lives on disk: the project root and the data folder (`.local-data/`,
 * git-ignored; env AURUM_DATA_DIR moves it). Used by `npm start`, `npm run reset` and the
 * end-to-end helpers that read the outbox.
 */
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** The data folder of the local runtime: AURUM_DATA_DIR or `<project>/.local-data`. */
export function localDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.AURUM_DATA_DIR ?? path.join(PROJECT_ROOT, '.local-data');
}
