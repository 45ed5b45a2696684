/**
 * `npm run migrate [-- --stage <name>]` (cloud stages): brings a deployed stage's table to the data
 * version this code expects (functions/data/migrations.ts), e.g. after a deploy that added an
 * index. Idempotent; uses the caller's AWS credentials and region. The stage defaults to the
 * sanitised git branch, as `npm run deploy` does. The local runtime runs the same at every start.
 */
import { tableName } from '../infra/definitions';
import { resolveStage } from '../infra/stage';

const i = process.argv.indexOf('--stage');
const stage = resolveStage(i >= 0 ? process.argv[i + 1] : null);
process.env.TABLE_NAME = tableName(stage);
const { migrateData } = await import('../functions/data/migrations');
const result = await migrateData((m) => console.log(m));
console.log(`${process.env.TABLE_NAME}: data version ${result.from} -> ${result.to}`);
