/**
 * The signed-in user's orders (spec 2 Profile Ordini): newest first, with short-lived download
 * links for the digital items of orders that are not cancelled (issue: checkout).
 */
import { listOrdersOfUser } from '../data/order-repository';
import { toOrderDto, type OrderDto } from '../data/order-items';
import { getAssetsByIds } from '../data/digital-asset-repository';
import { env } from '../lib/env';
import { presignDownload } from '../lib/s3';

/** GET /api/me/orders. DynamoDB: 1 Query (+1 BatchGetItem when digital items exist). */
export async function listOwnOrders(sub: string): Promise<OrderDto[]> {
  const orders = await listOrdersOfUser(sub);
  const assetIds = [...new Set(orders.filter((o) => o.status !== 'Annullato').flatMap((o) => o.items.filter((i) => i.is_digital && i.digital_asset_id).map((i) => i.digital_asset_id!)))];
  const assets = new Map((assetIds.length ? await getAssetsByIds(assetIds) : []).map((a) => [a.id, a]));
  return Promise.all(orders.map(async (o) => {
    const dto = toOrderDto(o);
    if (o.status === 'Annullato') return dto;
    dto.items = await Promise.all(dto.items.map(async (item, i) => {
      const asset = o.items[i]!.digital_asset_id ? assets.get(o.items[i]!.digital_asset_id!) : undefined;
      if (!item.is_digital || !asset) return item;
      const ext = asset.file_path.split('.').pop() ?? 'pdf';
      return { ...item, download_url: await presignDownload(env.filesBucket, asset.file_path, `${asset.name}.${ext}`) };
    }));
    return dto;
  }));
}
