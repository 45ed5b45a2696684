/**
 * `npm run reset`: wipes the local runtime's data folder (.local-data/). The next `npm start`
 * recreates the table, the user pool and the seed catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './stack';
import { isPortFree } from './ports';

const dataDir = process.env.AURUM_DATA_DIR ?? path.join(PROJECT_ROOT, '.local-data');
if (!(await isPortFree(Number(process.env.PORT ?? 3000)))) {
  console.error('The shop seems to be running (port 3000 in use): stop it with Ctrl-C before resetting.');
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`Dati locali cancellati: ${dataDir}`);
