/**
 * The signed-in user's orders (the profile's Ordini tab), read through the orders module: newest first, one page at a time, with
 * short-lived download links for the digital items of orders that are not cancelled, including
 * every digital product inside a bought bundle (a bundle delivers what it contains). A line whose
 * every unit was refunded delivers nothing any more (shared/refunds.ts refundedQuantities).
 */
import type { PageResponse } from '../../shared/api/route';
import type { OrderBundleItemDto } from '../../shared/api/orders';
import { listOrdersOfUserPage, orderViews, type OrderDto, type OrderRecord } from '../orders';
import { getAssetsByIds, type DigitalAssetRecord } from '../data/digital-asset-repository';
import type { PageRequest } from '../data/page';
import { refundedQuantities } from '../../shared/refunds';
import { env } from '../lib/env';
import { presignDownload } from '../lib/s3';

/** Which lines still deliver: not every unit refunded. */
const delivering = (o: OrderRecord): boolean[] => {
  const refunded = refundedQuantities(o);
  return o.items.map((i, k) => refunded[k]! < i.quantity);
};

/**
 * Digital asset ids an order delivers: its digital product lines and the digital products of its
 * bundle lines, except lines refunded in full. Pure.
 */
export function deliveredAssetIds(o: OrderRecord): string[] {
  if (o.status === 'Annullato') return [];
  const live = delivering(o);
  return o.items.flatMap((i, k) =>
    live[k]
      ? [
          ...(i.is_digital && i.digital_asset_id ? [i.digital_asset_id] : []),
          ...(i.bundle_items ?? []).filter((b) => b.is_digital && b.digital_asset_id).map((b) => b.digital_asset_id!),
        ]
      : [],
  );
}

const download = (asset: DigitalAssetRecord) =>
  presignDownload(env.filesBucket, asset.file_path, `${asset.name}.${asset.file_path.split('.').pop() ?? 'pdf'}`);

/** The customer's order with a download link on every digital item it delivers. */
async function withDownloads(o: OrderRecord, assets: Map<string, DigitalAssetRecord>): Promise<OrderDto> {
  const dto = (await orderViews()).toOrderDto(o);
  if (o.status === 'Annullato') return dto;
  const live = delivering(o);
  dto.items = await Promise.all(
    dto.items.map(async (item, i) => {
      const line = o.items[i]!;
      if (!live[i]) return item;
      const asset = line.is_digital && line.digital_asset_id ? assets.get(line.digital_asset_id) : undefined;
      const bundleItems = await Promise.all(
        item.bundle_items.map(async (b, k): Promise<OrderBundleItemDto> => {
          const inner = line.bundle_items?.[k];
          const a = inner?.is_digital && inner.digital_asset_id ? assets.get(inner.digital_asset_id) : undefined;
          return a ? { ...b, download_url: await download(a) } : b;
        }),
      );
      return { ...item, bundle_items: bundleItems, ...(asset ? { download_url: await download(asset) } : {}) };
    }),
  );
  return dto;
}

/**
 * GET /api/me/orders?limit=&cursor=: one page of the caller's orders, newest first.
 * DynamoDB: 1 Query (+1 BatchGetItem when the page delivers digital items).
 * @throws AppError 400 on a bad cursor
 */
export async function listOwnOrders(sub: string, page: PageRequest): Promise<PageResponse<OrderDto>> {
  const { items: orders, next_cursor } = await listOrdersOfUserPage(sub, page);
  const assetIds = [...new Set(orders.flatMap(deliveredAssetIds))];
  const assets = new Map((assetIds.length ? await getAssetsByIds(assetIds) : []).map((a) => [a.id, a]));
  return { items: await Promise.all(orders.map((o) => withDownloads(o, assets))), next_cursor };
}
