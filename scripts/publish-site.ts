/**
 * `npm run publish-site -- --bucket <search bucket> [--stage <name>]` (cloud stages, after
 * `npm run deploy`): the publish step's full rebuild, for a new stage or a changed index format:
 * both product search indexes (public, staff) from the whole catalogue of the stage's table
 * (`aurum-shop-<stage>`, stage = sanitised git branch unless given) into its search bucket
 * (`aurum-search-index-<stage>-<account>`, the data stack's SearchBucket). After it, the publish
 * consumer of the table's stream keeps them in step with every product write. The local runtime
 * rebuilds its indexes by itself at start. Uses the caller's AWS credentials and region (Query on
 * the table's GSI1, PutObject on the bucket).
 */
import { tableName } from '../infra/definitions';
import { resolveStage } from '../infra/stage';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
};
const stage = resolveStage(arg('--stage'));
const bucket = arg('--bucket');
if (!bucket) throw new Error('publish-site: --bucket <the stage search bucket, aurum-search-index-<stage>-<account>>');
process.env.TABLE_NAME = tableName(stage);
process.env.SEARCH_BUCKET = bucket;
const { rebuildSearchIndexes } = await import('../functions/publish/search-indexes');
const started = Date.now();
const outcome = await rebuildSearchIndexes();
console.log(
  `${bucket}: ${outcome.public.size} public products, ${outcome.staff.size} in all, in ${Date.now() - started} ms.`,
);
