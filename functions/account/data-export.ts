/**
 * 'Scarica i miei dati' (GDPR art. 15, right of access, and art. 20, data portability): one JSON
 * file, structured and machine-readable, of everything the shop holds about the signed-in
 * customer: the profile (role, consents and whatever else it records), billing data, addresses,
 * orders with their lines and snapshots, reviews, wishlist, cart, the newsletter entry of the
 * account's email, the Aurum Club membership, and the contact messages sent from that email.
 * Amounts in integer euro cents, dates ISO 8601, as the API answers them.
 */
import { billingOf } from '../../shared/billing';
import { stageSettings } from '../lib/stage-settings';
import { SK_PREFIX } from '../data/keys';
import { stripKeys } from '../data/query';
import { orderViews, type OrderRecord } from '../orders';
import type { ProfileRecord } from '../data/profile-repository';
import {
  isOrderItem,
  listContactMessagesOf,
  listNewsletterItems,
  listReviewsOfUser,
  listUserItems,
  type KeyedItem,
} from '../data/erasure-repository';

/** The export's format version, raised when its shape changes. */
export const DATA_EXPORT_VERSION = 1;

/** The exported file. */
export interface DataExport {
  format: 'aurum-fitness-data-export';
  version: number;
  exported_at: string;
  /** Who holds the data (the controller, GDPR art. 13): the seller's company name. */
  controller: string;
  profile: Record<string, unknown>;
  billing: ReturnType<typeof billingOf>;
  addresses: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  reviews: Record<string, unknown>[];
  wishlist: Record<string, unknown>[];
  cart: Record<string, unknown>[];
  newsletter: Record<string, unknown>[];
  club: Record<string, unknown> | null;
  contact_messages: Record<string, unknown>[];
}

const withPrefix = (items: KeyedItem[], prefix: string) =>
  items.filter((i) => i.SK.startsWith(prefix)).map((i) => stripKeys<Record<string, unknown>>(i));

/**
 * GET /api/me/export: the caller's data export.
 * DynamoDB: 1 Query of the user's partition (AP110), the caller's reviews (AP111), the newsletter
 * entry (AP113) and contact messages (AP114), in parallel.
 * @param profile the caller's profile (loaded by the access check)
 * @returns the export (see DataExport)
 */
export async function exportOwnData(profile: ProfileRecord, now = new Date()): Promise<DataExport> {
  const [items, reviews, newsletter, contact] = await Promise.all([
    listUserItems(profile.id),
    listReviewsOfUser(profile.id),
    listNewsletterItems(profile.email),
    listContactMessagesOf(profile.email),
  ]);
  const { subscription, ...rest } = profile;
  const { toAdminOrderDto } = await orderViews();
  return {
    format: 'aurum-fitness-data-export',
    version: DATA_EXPORT_VERSION,
    exported_at: now.toISOString(),
    controller: stageSettings().seller.company_name,
    profile: rest,
    billing: billingOf(profile),
    addresses: withPrefix(items, SK_PREFIX.address),
    orders: items.filter(isOrderItem).map((i) => {
      const dto = toAdminOrderDto(stripKeys<OrderRecord>(i));
      // what the back office computes for its own screens is not data about the customer
      const { allowed_statuses: _a, refundable_cents: _r, line_paid_cents: _l, needs_refund: _n, ...order } = dto;
      return order;
    }),
    reviews: reviews.map(({ key: _key, ...r }) => r),
    wishlist: withPrefix(items, SK_PREFIX.wishlistItem),
    cart: withPrefix(items, SK_PREFIX.cart),
    newsletter: newsletter.map((i) => stripKeys<Record<string, unknown>>(i)),
    club: subscription ? { ...subscription } : null,
    contact_messages: contact,
  };
}
