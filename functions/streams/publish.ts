/**
 * The publish consumer of the table's stream (STREAM_CONSUMERS 'publish'): product writes
 * (insert, update, delete) reach within seconds the product search indexes in the search bucket
 * (functions/publish/search-indexes.ts), the products' published documents and the sitemap in the
 * web bucket (functions/publish/product-pages.ts, functions/publish/sitemap.ts); product and
 * category writes reach the pages of the categories concerned (functions/publish/category-pages.ts).
 *
 * A batch is applied as a whole (each index read and written once, each product's page written
 * from its current record); when that fails, the batch's first record is reported as failed, so
 * the mapping retries the whole batch (applying it again gives the same result).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { stripKeys } from '../data/query';
import type { ProductRecord } from '../data/catalog-items';
import {
  applyProductChanges,
  applySitemapChanges,
  publishCategoryPages,
  publishProductPages,
  type ProductChange,
} from '../publish/public';
import { logger } from '../lib/logger';

type StreamImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** A stream image as the product it holds, or null when absent or not a product. */
function productOf(image: StreamImage | undefined): ProductRecord | null {
  if (!image) return null;
  const item = unmarshall(image as Record<string, AttributeValue>);
  return item.entity === 'product' ? stripKeys<ProductRecord>(item) : null;
}

/** The category a stream record reports written (inserted, changed, deleted), or null. */
export function categoryWrittenOf(record: DynamoDBRecord): string | null {
  const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  if (!image) return null;
  const item = unmarshall(image as Record<string, AttributeValue>);
  return item.entity === 'category' && typeof item.id === 'string' ? item.id : null;
}

/**
 * The categories whose page a batch changes: the categories written, and the category a changed
 * product left or joined (its first page may list it).
 */
export function categoriesTouched(records: readonly DynamoDBRecord[], changes: readonly ProductChange[]): string[] {
  const ids = new Set<string>();
  for (const r of records) {
    const id = categoryWrittenOf(r);
    if (id) ids.add(id);
  }
  for (const c of changes) for (const p of [c.before, c.after]) if (p?.category_id) ids.add(p.category_id);
  return [...ids];
}

/** The product change a stream record reports, or null when the record is about another item. */
export function productChangeOf(record: DynamoDBRecord): ProductChange | null {
  const before = productOf(record.dynamodb?.OldImage);
  const after = productOf(record.dynamodb?.NewImage);
  return before || after ? { before, after } : null;
}

/**
 * Lambda handler (DynamoDB stream event source mapping, ReportBatchItemFailures).
 * @param event the batch: records whose old or new image is a product (the mapping's filters)
 * @returns no failures, or the first record's sequence number when applying the batch failed
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const changes = event.Records.map(productChangeOf).filter((c): c is ProductChange => c !== null);
  const categories = categoriesTouched(event.Records, changes);
  if (changes.length === 0 && categories.length === 0) return { batchItemFailures: [] };
  try {
    const indexes = changes.length ? await applyProductChanges(changes) : null;
    const pages = await publishProductPages(changes.map((c) => (c.after ?? c.before)!.id));
    const categoryPages = await publishCategoryPages(categories);
    const sitemapUrls = changes.length ? await applySitemapChanges(changes) : null;
    logger.info('products published', { changes: changes.length, indexes, pages, categoryPages, sitemapUrls });
    return { batchItemFailures: [] };
  } catch (e) {
    logger.error('publishing products failed', { error: e instanceof Error ? e.message : String(e) });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
}
