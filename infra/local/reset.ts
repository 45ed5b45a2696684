/**
 * `npm run reset`: wipes the local runtime's data folder (.local-data/). The next `npm start`
 * recreates the table, the user pool and the seed catalogue.
 */
import fs from 'node:fs';
import { localDataDir } from './paths';
import { isPortFree } from './ports';

const dataDir = localDataDir();
if (!(await isPortFree(Number(process.env.PORT ?? 3000)))) {
  console.error('The shop seems to be running (port 3000 in use): stop it with Ctrl-C before resetting.');
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`Dati locali cancellati: ${dataDir}`);
