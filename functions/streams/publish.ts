/**
 * The publish consumer of the table's stream (STREAM_CONSUMERS 'publish'): product writes
 * (insert, update, delete) reach within seconds the product search indexes in the search bucket
 * (functions/publish/search-indexes.ts), the products' published documents and the sitemap in the
 * web bucket (functions/publish/product-pages.ts, functions/publish/sitemap.ts).
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
import { applyProductChanges, type ProductChange } from '../publish/search-indexes';
import { publishProductPages } from '../publish/product-pages';
import { applySitemapChanges } from '../publish/sitemap';
import { logger } from '../lib/logger';

type StreamImage = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** A stream image as the product it holds, or null when absent or not a product. */
function productOf(image: StreamImage | undefined): ProductRecord | null {
  if (!image) return null;
  const item = unmarshall(image as Record<string, AttributeValue>);
  return item.entity === 'product' ? stripKeys<ProductRecord>(item) : null;
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
  if (changes.length === 0) return { batchItemFailures: [] };
  try {
    const indexes = await applyProductChanges(changes);
    const pages = await publishProductPages(changes.map((c) => (c.after ?? c.before)!.id));
    const sitemapUrls = await applySitemapChanges(changes);
    logger.info('products published', { changes: changes.length, indexes, pages, sitemapUrls });
    return { batchItemFailures: [] };
  } catch (e) {
    logger.error('publishing products failed', { error: e instanceof Error ? e.message : String(e) });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
}
