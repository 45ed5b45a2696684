/**
 * `npm run migrate [-- --stage <name>]` (cloud stages, after `npm run deploy`): runs the pending
 * data migrations of functions/data/migrations.ts on the stage's table (`aurum-shop-<stage>`,
 * stage = sanitised git branch unless given). Idempotent: applied migrations are recorded in the
 * table and skipped. Uses the caller's AWS credentials and region (needs Scan, GetItem and
 * UpdateItem on the table). The local runtime runs them by itself at start.
 */
import { tableName } from '../infra/definitions';
import { resolveStage } from '../infra/stage';

const i = process.argv.indexOf('--stage');
const stage = resolveStage(i >= 0 ? process.argv[i + 1] : null);
process.env.TABLE_NAME = tableName(stage);
const { runMigrations } = await import('../functions/data/migrations');
const applied = await runMigrations((m) => console.log(m));
console.log(
  applied.length
    ? `Table ${process.env.TABLE_NAME}: ${applied.length} migration(s) applied.`
    : `Table ${process.env.TABLE_NAME}: nothing to migrate.`,
);
