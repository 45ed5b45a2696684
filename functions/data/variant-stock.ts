/**
 * Stock lives on the variant items (docs/decisions/0018-product-variants.md): every write that takes
 * or gives back units is built here, as transaction items the caller adds to its own
 * TransactWriteItems (reserve, release, a reclaimed sale, a refund's restock, a restock in the back
 * office, the stock sync):
 *
 *  take     each variant: quantity -= n   IF it exists, is active AND quantity >= n (never below 0)
 *           each product: ADD quantity -Σn   IF it exists (the sum its listings read)
 *  give     each variant: quantity += n   IF it exists
 *           each product: ADD quantity +Σn   IF it exists
 *
 * A transaction holds one operation per item, so the units of one variant are summed into one
 * update and the product's sum moves once for all its variants. The product's `quantity` is the
 * sum of its variants' stock, kept in the same transaction as every change of theirs.
 */
import { env } from '../lib/env';
import { keys } from './keys';
import type { TransactItem } from './conditional';

/** Units of one variant of a product (the default variant of a product without options has the product's id). */
export interface StockUnits {
  product_id: string;
  variant_id: string;
  quantity: number;
}

/** A stock need as stored before variants (no variant_id): the product's default variant. */
export const variantIdOf = (s: { product_id: string; variant_id?: string | null }): string =>
  s.variant_id ?? s.product_id;

/** Key of a variant's units in maps: `{product_id}/{variant_id}`. */
export const unitKey = (s: { product_id: string; variant_id?: string | null }): string =>
  `${s.product_id}/${variantIdOf(s)}`;

/** The units summed per variant (in first-seen order), zero and negative counts dropped. */
export function byVariant(
  units: readonly { product_id: string; variant_id?: string | null; quantity: number }[],
): StockUnits[] {
  const out = new Map<string, StockUnits>();
  for (const u of units) {
    if (u.quantity <= 0) continue;
    const k = unitKey(u);
    const found = out.get(k);
    if (found) found.quantity += u.quantity;
    else out.set(k, { product_id: u.product_id, variant_id: variantIdOf(u), quantity: u.quantity });
  }
  return [...out.values()];
}

/** Extra clauses merged into one variant's update (e.g. the stock sync's `ADD supplier_level`). */
export interface VariantClause {
  /** Appended to the UpdateExpression (an `ADD …` or `SET …` clause). */
  expression: string;
  values: Record<string, unknown>;
}

/** Transaction items that move units, and what each one updates. */
export interface StockItems {
  items: TransactItem[];
  /** For each item, the product and the variant it updates (variant_id null: the product's sum). */
  targets: { product_id: string; variant_id: string | null }[];
}

function move(
  units: readonly StockUnits[],
  sign: 1 | -1,
  clause: (u: StockUnits) => VariantClause | null = () => null,
): StockItems {
  const items: TransactItem[] = [];
  const targets: StockItems['targets'] = [];
  const sums = new Map<string, number>();
  units.forEach((u) => {
    const extra = clause(u);
    items.push({
      Update: {
        TableName: env.tableName,
        Key: keys.variant(u.product_id, u.variant_id),
        UpdateExpression: `SET quantity = quantity ${sign < 0 ? '-' : '+'} :n${extra ? ` ${extra.expression}` : ''}`,
        ConditionExpression:
          sign < 0 ? 'attribute_exists(PK) AND #status = :active AND quantity >= :n' : 'attribute_exists(PK)',
        ...(sign < 0 ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: { ':n': u.quantity, ...(sign < 0 ? { ':active': 'active' } : {}), ...extra?.values },
      },
    });
    targets.push({ product_id: u.product_id, variant_id: u.variant_id });
    sums.set(u.product_id, (sums.get(u.product_id) ?? 0) + u.quantity);
  });
  for (const [productId, n] of sums) {
    items.push({
      Update: {
        TableName: env.tableName,
        Key: keys.product(productId),
        UpdateExpression: 'ADD quantity :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': sign * n },
      },
    });
    targets.push({ product_id: productId, variant_id: null });
  }
  return { items, targets };
}

/**
 * The items taking `units` (summed per variant first: byVariant): each variant only while it is
 * active with at least that many units, its product's sum with them.
 * @param clause extra clauses of a variant's update (the sale's supplier-level adjustment)
 */
export function takeStockItems(
  units: readonly StockUnits[],
  clause?: (u: StockUnits) => VariantClause | null,
): StockItems {
  return move(byVariant(units), -1, clause);
}

/**
 * The items giving `units` back (summed per variant first): each variant and its product's sum.
 * @param clause extra clauses of a variant's update (the supplier level going back up)
 */
export function giveStockItems(
  units: readonly StockUnits[],
  clause?: (u: StockUnits) => VariantClause | null,
): StockItems {
  return move(byVariant(units), 1, clause);
}

/**
 * The items setting a variant's stock to `quantity` (a restock, an archive), given the stock it was
 * read with: the variant IF its quantity is still `from`, its product's sum by the difference.
 * @returns the items; [] when nothing changes
 */
export function setStockItems(
  unit: { product_id: string; variant_id: string },
  from: number,
  quantity: number,
): TransactItem[] {
  if (from === quantity) return [];
  return [
    {
      Update: {
        TableName: env.tableName,
        Key: keys.variant(unit.product_id, unit.variant_id),
        UpdateExpression: 'SET quantity = :q',
        ConditionExpression: 'attribute_exists(PK) AND quantity = :from',
        ExpressionAttributeValues: { ':q': quantity, ':from': from },
      },
    },
    {
      Update: {
        TableName: env.tableName,
        Key: keys.product(unit.product_id),
        UpdateExpression: 'ADD quantity :d',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':d': quantity - from },
      },
    },
  ];
}
