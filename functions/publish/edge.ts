/**
 * The publish step's part at the edge (the cloud only): tells CloudFront which pages have a
 * published document and drops the cached copies of the changed ones.
 *  - the KeyValueStore of published pages (web stack) holds one key per published page, its path
 *    ('/product/{id}', '/category/{id}'; value PUBLISHED_VALUE); the default behaviour's
 *    viewer-request function serves '/published{key}.html' for a key it finds, the generic page
 *    otherwise (infra/stacks/web-stack.ts SPA_REWRITE_CODE);
 *  - a CloudFront invalidation of just the changed paths (the page's path and its document), or of
 *    the two folders' wildcards when a batch changes more than INVALIDATION_PATH_LIMIT pages (a
 *    bulk import would otherwise pay for thousands of paths).
 * Where: the published pages parameter (PUBLISHED_PAGES_PARAMETER, SSM, JSON written by the web
 * stack). Without that variable (the local runtime, whose origin looks for the document itself)
 * nothing is done.
 * Callers keep the order that makes a key always name an existing document: a key is put after
 * its document is written, and removed before its document is deleted.
 */
import { PUBLISHED_FOLDER, publishedDocumentOf } from '../../shared/spa-documents';
import { traceClient } from '../lib/observability';
import { awsClientConfig } from '../lib/aws-client-config';

/** The value of every key of the KeyValueStore (the function only asks whether a key exists). */
export const PUBLISHED_VALUE = '1';

/** Keys per UpdateKeys request (several requests for a larger batch, each on the ETag the last returned). */
export const UPDATE_KEYS_CHUNK = 50;

/** Above this many changed pages in one batch, the invalidation names the folders' wildcards instead. */
export const INVALIDATION_PATH_LIMIT = 20;

/** How long a container reuses the parameter's value, seconds. */
const CACHE_SECONDS = 300;

/** The published pages parameter's value. */
export interface EdgeTargets {
  keyValueStoreArn: string;
  distributionId: string;
}

/** A change at the edge: keys to put or remove, pages whose cached copies to drop. */
export interface EdgeUpdate {
  /** Keys (page paths, '/product/{id}') whose document was just written. */
  put?: readonly string[];
  /** Keys whose document is about to be deleted. */
  remove?: readonly string[];
  /** Keys whose cached pages to invalidate. */
  invalidate?: readonly string[];
}

/** What an update did: keys put and removed, invalidation paths; `skipped` when there was nothing to do or no parameter (locally). */
export interface EdgeOutcome {
  skipped: boolean;
  put: number;
  removed: number;
  invalidated: readonly string[];
}

/** The key of a product's page in the KeyValueStore. */
export const productPageKey = (id: string): string => `/product/${id}`;

/** The key of a category's page in the KeyValueStore. */
export const categoryPageKey = (id: string): string => `/category/${id}`;

/** The key of the home page in the KeyValueStore. */
export const HOME_PAGE_KEY = '/';

/**
 * The paths of a CloudFront invalidation for changed pages: each page's path and its document
 * (the cache key is the path the viewer-request function leaves), or, above INVALIDATION_PATH_LIMIT
 * pages, the wildcards of the pages' folders and of the published documents. Pure.
 * @param keys page paths ('/product/{id}'), duplicates allowed
 * @returns unique paths, sorted; empty for no keys
 */
export function invalidationPaths(keys: readonly string[]): string[] {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  if (unique.length > INVALIDATION_PATH_LIMIT) {
    const folders = new Set(unique.map((k) => (k === '/' ? k : `/${k.split('/')[1]}/*`)));
    return [...folders, `${PUBLISHED_FOLDER}/*`].sort();
  }
  return unique.flatMap((k) => [k, publishedDocumentOf(k)]).sort();
}

/** Splits `items` into chunks of at most `size`. Pure. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type SsmProvider = {
  get(name: string, options: { maxAge: number; transform: 'json' }): Promise<unknown>;
};
let provider: SsmProvider | null = null;

async function targets(): Promise<EdgeTargets | null> {
  const name = process.env.PUBLISHED_PAGES_PARAMETER;
  if (!name) return null;
  if (!provider) {
    const [{ SSMProvider }, { SSMClient }] = await Promise.all([
      import('@aws-lambda-powertools/parameters/ssm'),
      import('@aws-sdk/client-ssm'),
    ]);
    provider = new SSMProvider({ awsSdkV3Client: traceClient(new SSMClient(awsClientConfig())) }) as SsmProvider;
  }
  const value = (await provider.get(name, { maxAge: CACHE_SECONDS, transform: 'json' })) as Partial<EdgeTargets>;
  if (!value?.keyValueStoreArn || !value.distributionId)
    throw new Error(`SSM parameter ${name} has no keyValueStoreArn or distributionId`);
  return { keyValueStoreArn: value.keyValueStoreArn, distributionId: value.distributionId };
}

async function updateKeys(arn: string, put: readonly string[], remove: readonly string[]): Promise<void> {
  if (put.length === 0 && remove.length === 0) return;
  // The KeyValueStore API is signed with SigV4a: the signer registers itself on import.
  const [{ CloudFrontKeyValueStoreClient, DescribeKeyValueStoreCommand, UpdateKeysCommand }] = await Promise.all([
    import('@aws-sdk/client-cloudfront-keyvaluestore'),
    import('@aws-sdk/signature-v4a'),
  ]);
  const client = traceClient(new CloudFrontKeyValueStoreClient(awsClientConfig()));
  let { ETag: etag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn }));
  const requests = [
    ...chunks(remove, UPDATE_KEYS_CHUNK).map((keys) => ({ Deletes: keys.map((Key) => ({ Key })) })),
    ...chunks(put, UPDATE_KEYS_CHUNK).map((keys) => ({ Puts: keys.map((Key) => ({ Key, Value: PUBLISHED_VALUE })) })),
  ];
  // Each update needs the store's current ETag; a concurrent writer makes it fail (the batch is retried).
  for (const request of requests)
    ({ ETag: etag } = await client.send(new UpdateKeysCommand({ KvsARN: arn, IfMatch: etag, ...request })));
}

async function invalidate(distributionId: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const { CloudFrontClient, CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
  await traceClient(new CloudFrontClient(awsClientConfig())).send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        CallerReference: `publish-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        Paths: { Quantity: paths.length, Items: [...paths] },
      },
    }),
  );
}

/**
 * Applies `update` at the edge: removes then puts the keys (DescribeKeyValueStore + one UpdateKeys
 * per UPDATE_KEYS_CHUNK keys), then creates one invalidation (invalidationPaths).
 * Does nothing when PUBLISHED_PAGES_PARAMETER is not set (the local runtime).
 * @throws the SSM, KeyValueStore (a concurrent update: ConflictException) or CloudFront error; the
 *   publish consumer's batch is then retried, and applying it again gives the same result
 */
export async function updateEdge(update: EdgeUpdate): Promise<EdgeOutcome> {
  const put = [...new Set(update.put ?? [])];
  const remove = [...new Set(update.remove ?? [])];
  const paths = invalidationPaths(update.invalidate ?? []);
  const where = put.length || remove.length || paths.length ? await targets() : null;
  if (!where) return { skipped: true, put: 0, removed: 0, invalidated: [] };
  await updateKeys(where.keyValueStoreArn, put, remove);
  await invalidate(where.distributionId, paths);
  return { skipped: false, put: put.length, removed: remove.length, invalidated: paths };
}
