/**
 * Account API: the signed-in user's own profile, billing data, addresses and orders (function
 * 'account', level 'user': always the caller's own data). Dates are ISO 8601 strings.
 */
import type * as z from 'zod/mini';
import type { addressSchema, billingSchema, deleteAccountSchema } from '../schemas';
import type { TermsAcceptanceBody } from '../schemas/signup';
import type { OrderDto, ShippingAddressDto } from './orders';
import { route, type ListResponse, type PageResponse } from './route';
import { ME_ROUTE } from './me';
import type { BillingDto } from '../billing';

export type { BillingDto } from '../billing';

export type { MeDto, SubscriptionDto } from './me';

/** One saved shipping address (GET /api/me/addresses item). */
export interface AddressDto extends ShippingAddressDto {
  id: string;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

/** Body of POST/PUT /api/me/addresses (what the client sends). */
export type AddressBody = z.input<typeof addressSchema>;
/** Body of PUT /api/me/billing. */
export type BillingBody = z.input<typeof billingSchema>;

/** Body of DELETE /api/me. */
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>;

/** Answer of DELETE /api/me. */
export interface AccountErasureDto {
  deleted: true;
  /** Orders kept for the fiscal record (art. 2220 c.c.), no longer reachable by a login. */
  orders_kept: number;
}

/** A PDF answer (bytes, not JSON): the browser saves it as a file. */
export interface PdfFile {
  readonly contentType: 'application/pdf';
}

/** GET /api/me/terms and POST /api/me/terms: which version of the Termini the user accepted. */
export interface TermsStatusDto {
  /** The version in force (LEGAL_DOCUMENTS_VERSION, an ISO date). */
  current_version: string;
  /** The latest version the user accepted, or null. */
  accepted_version: string | null;
  /** When (ISO), or null. */
  accepted_at: string | null;
  /** True when the user has not accepted the version in force (the SPA shows it once). */
  must_accept: boolean;
}

/** Routes of the signed-in user's own data (object-level: always the caller's sub). */
export const ACCOUNT_API = {
  me: ME_ROUTE,
  billing: route<BillingDto, BillingBody>({
    method: 'PUT',
    path: '/api/me/billing',
    fn: 'account',
    access: 'user',
    summary: 'Save the billing data (company, address, P.IVA, codice fiscale, SDI code, PEC)',
  }),
  addresses: route<ListResponse<AddressDto>>({
    method: 'GET',
    path: '/api/me/addresses',
    fn: 'account',
    access: 'user',
    summary: 'Own shipping addresses',
  }),
  addAddress: route<AddressDto, AddressBody>({
    method: 'POST',
    path: '/api/me/addresses',
    fn: 'account',
    access: 'user',
    summary: 'Add a shipping address',
  }),
  editAddress: route<AddressDto, AddressBody>({
    method: 'PUT',
    path: '/api/me/addresses/{id}',
    fn: 'account',
    access: 'user',
    summary: 'Edit an own shipping address',
  }),
  deleteAddress: route<{ deleted: true }>({
    method: 'DELETE',
    path: '/api/me/addresses/{id}',
    fn: 'account',
    access: 'user',
    summary: 'Delete an own shipping address',
  }),
  terms: route<TermsStatusDto>({
    method: 'GET',
    path: '/api/me/terms',
    fn: 'account',
    access: 'user',
    summary: 'Which version of the Termini and Privacy Policy the caller accepted',
  }),
  acceptTerms: route<TermsStatusDto, TermsAcceptanceBody>({
    method: 'POST',
    path: '/api/me/terms',
    fn: 'account',
    access: 'user',
    summary: 'Accept the version in force of the Termini and Privacy Policy (409 for an older version)',
  }),
  orders: route<PageResponse<OrderDto>>({
    method: 'GET',
    path: '/api/me/orders',
    fn: 'account',
    access: 'user',
    summary: 'Own orders, newest first, paged (limit, cursor)',
  }),
  deleteAccount: route<AccountErasureDto, DeleteAccountBody>({
    method: 'DELETE',
    path: '/api/me',
    fn: 'account',
    access: 'user',
    summary: 'Delete the own account (password and confirmation): data erased, orders kept (art. 2220 c.c.)',
  }),
  exportData: route<Record<string, unknown>>({
    method: 'GET',
    path: '/api/me/export',
    fn: 'account',
    access: 'user',
    summary: 'Everything held about the caller, one JSON file (attachment; GDPR arts. 15 and 20)',
  }),
  receipt: route<PdfFile>({
    method: 'GET',
    path: '/api/me/orders/{id}/receipt',
    fn: 'account',
    access: 'user',
    summary: 'Receipt of an own order as a PDF (application/pdf, attachment); 404 for any other id',
  }),
} as const;
