/**
 * Local seed of the automations (the local supplier): two suppliers pointing at the
 * local fake supplier, one with its stock API and key, one with product pages only, and a few
 * seeded shop products linked to the fake's products, so `npm start` shows a sync that does
 * something (levels that differ from the shop's, a restock, a low stock and a sold-out product).
 *
 * The fake answers on one port under two host names: the API supplier's domain is `localhost`,
 * the page-only supplier's is `127.0.0.1`, so an import links a page to the right one.
 * `ensureSupplierSeed` creates them once and, on later starts, points them at the fake's current
 * port (SUPPLIER_PORT may change between runs).
 */
import { ddb, TransactWriteCommand } from '../../../functions/lib/dynamo';
import { env } from '../../../functions/lib/env';
import { indexKeys, keys } from '../../../functions/data/keys';
import {
  createSupplier,
  getSupplier,
  replaceSupplier,
  type SupplierRecord,
} from '../../../functions/data/supplier-repository';
import { setSupplierKey } from '../../../functions/lib/supplier-secrets';
import { subscribeSupplierEmail } from '../../../functions/lib/notifications';
import { seedProduct, stableId } from './catalog-data';

/** The seeded suppliers. */
export const SEED_SUPPLIERS = {
  api: {
    id: stableId('supplier:ferro-sud'),
    name: 'Ferro Sud Forniture',
    notification_email: 'ordini@ferrosud.example',
    host: 'localhost',
  },
  pages: {
    id: stableId('supplier:bottega-atletica'),
    name: 'Bottega Atletica',
    notification_email: 'avvisi@bottegaatletica.example',
    host: '127.0.0.1',
  },
} as const;

/** Seeded shop product slug -> the fake supplier's product slug and SKU, per supplier. */
export const SEED_LINKS: readonly {
  product: string;
  supplier: keyof typeof SEED_SUPPLIERS;
  page: string;
  sku: string;
}[] = [
  { product: 'bilanciere-olimpico-20kg', supplier: 'api', page: 'bilanciere-olimpico-20kg', sku: 'FSF-BIL-20' },
  { product: 'panca-regolabile-pro', supplier: 'api', page: 'panca-regolabile-nera', sku: 'FSF-PANCA-07' },
  { product: 'coppia-manubri-cromati-10kg', supplier: 'api', page: 'manubri-esagonali-2x10kg', sku: 'FSF-HEX-10' },
  { product: 'tappetino-yoga-pro-6mm', supplier: 'pages', page: 'tappetino-yoga-aurum', sku: 'FSF-MAT-06' },
  { product: 'set-fasce-elastiche', supplier: 'pages', page: 'fasce-elastiche-set-oro', sku: 'FSF-BAND-5' },
];

const origin = (host: string, port: number) => `http://${host}:${port}`;

/**
 * Creates the seeded suppliers and links (`create`: first start with this data folder), or keeps
 * the ones still there on the fake's current port (later starts; a supplier the admin deleted is
 * not brought back).
 * @param fake the fake supplier's port and API key
 */
export async function ensureSupplierSeed(
  fake: { port: number; apiKey: string },
  create: boolean,
  now = new Date(),
): Promise<void> {
  for (const [kind, s] of Object.entries(SEED_SUPPLIERS) as [
    keyof typeof SEED_SUPPLIERS,
    (typeof SEED_SUPPLIERS)[keyof typeof SEED_SUPPLIERS],
  ][]) {
    const apiUrl = kind === 'api' ? `${origin(s.host, fake.port)}/api/stock` : null;
    if (!create) {
      const current = await getSupplier(s.id);
      if (current && current.api_url !== apiUrl && current.api_url?.startsWith(`http://${s.host}:`))
        await replaceSupplier({ ...current, api_url: apiUrl });
      continue;
    }
    if (kind === 'api') await setSupplierKey(s.id, fake.apiKey);
    await createSupplier({
      id: s.id,
      name: s.name,
      api_url: apiUrl,
      has_api_key: kind === 'api',
      notification_email: s.notification_email,
      domain_name: s.host,
      default_shipping_method_id: null,
      notification_subscription_arn: await subscribeSupplierEmail(s.notification_email, s.id),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    } satisfies SupplierRecord);
  }
  for (const link of SEED_LINKS) {
    const supplier = SEED_SUPPLIERS[link.supplier];
    const url = `${origin(supplier.host, fake.port)}/prodotti/${link.page}`;
    // Only the link fields: the product's stock is the sync's to set (its first sync = the baseline).
    // The supplier's SKU and the sync's list (SUPPLIED_VARIANTS) are the default variant's.
    const id = seedProduct(link.product).id;
    const linkVariant = indexKeys.variant(
      { id, product_id: id, status: 'active' },
      { is_digital: false, supplier_id: supplier.id },
    );
    await ddb
      .send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: env.tableName,
                Key: keys.product(id),
                UpdateExpression: create
                  ? 'SET supplier_product_url = :u, supplier_id = :s'
                  : 'SET supplier_product_url = :u',
                ConditionExpression: create ? 'attribute_exists(PK)' : 'attribute_exists(PK) AND supplier_id = :s',
                ExpressionAttributeValues: { ':u': url, ':s': supplier.id },
              },
            },
            ...(create
              ? [
                  {
                    Update: {
                      TableName: env.tableName,
                      Key: keys.variant(id, id),
                      UpdateExpression: 'SET supplier_sku = :k, GSI1PK = :g1, GSI1SK = :g1s',
                      ConditionExpression: 'attribute_exists(PK)',
                      ExpressionAttributeValues: {
                        ':k': link.sku,
                        ':g1': linkVariant.GSI1PK,
                        ':g1s': linkVariant.GSI1SK,
                      },
                    },
                  },
                ]
              : []),
          ],
        }),
      )
      .catch((e: unknown) => {
        if ((e as Error).name !== 'TransactionCanceledException') throw e;
      });
  }
}
