/**
 * Back-office API of the 'automations' function: suppliers ('Fornitori'), product import
 * from a supplier URL and the supplier stock sync ('Automazioni'). Both capabilities are admin-only
 * (shared/permissions.ts). Amounts in integer euro cents; dates ISO 8601.
 */
import type { ImportStockRule } from '../import-stock';
import type * as z from 'zod/mini';
import type { importSchema, stockSyncStartSchema, supplierSchema } from '../schemas/admin-automations';
import type { ProductDto, ProductImageDto } from './catalog';
import { staffRoute, type ListResponse, type PageResponse } from './route';

/** A supplier. The API key is write-only: only whether one is set is returned. */
export interface SupplierDto {
  id: string;
  name: string;
  /** Stock API endpoint, or null (then the sync reads each product's page). */
  api_url: string | null;
  has_api_key: boolean;
  notification_email: string | null;
  /** Host name whose product pages are linked to this supplier by the import (subdomains too). */
  domain_name: string | null;
  default_shipping_method_id: string | null;
  /** Joined name of the default shipping method; null when none or when the method no longer exists. */
  default_shipping_method_name: string | null;
  created_at: string;
  updated_at: string;
}

/** A shipping method the supplier form can choose. */
export interface ShippingMethodOptionDto {
  id: string;
  name: string;
}

/** GET /api/admin/suppliers: suppliers by name, and the shipping methods for the form. */
export interface SupplierListDto extends ListResponse<SupplierDto> {
  shipping_methods: ShippingMethodOptionDto[];
}

/** The product an import created or updated, as the back office shows it. */
export interface ImportedProductDto extends ProductDto {
  supplier_product_url: string | null;
  supplier_id: string | null;
  supplier_sku: string | null;
  images: ProductImageDto[];
}

/** POST /api/admin/automations/import answer. */
export interface ImportResultDto {
  product: ImportedProductDto;
  /** True when the product was created, false when an earlier import of the same URL was updated. */
  created: boolean;
  /** The supplier whose domain matched the page's host, or null. */
  supplier: { id: string; name: string } | null;
  /** Where the name was read: schema.org JSON-LD, microdata or OpenGraph. */
  source: 'json-ld' | 'microdata' | 'opengraph';
  /** Italian notes for the shop owner (an image that could not be saved, an assumed currency...). */
  warnings: string[];
  /**
   * How a new product's stock was set (the import's in-stock rule, shared/import-stock.ts): the
   * case, the units on sale and the Italian sentence saying so; null on a re-import (the stock
   * stays with checkout and the stock sync).
   */
  stock: { rule: ImportStockRule; quantity: number; note: string } | null;
}

export type StockSyncTriggerDto = 'schedule' | 'button' | 'supplier';
export type StockSyncStatusDto = 'running' | 'completed' | 'failed';

/** One run in the list (no per-product outcomes). */
export interface StockSyncRunSummaryDto {
  id: string;
  trigger: StockSyncTriggerDto;
  /** The supplier of a 'Sincronizza ora' run; null for a run over every supplier. */
  supplier_id: string | null;
  status: StockSyncStatusDto;
  started_at: string;
  finished_at: string | null;
  /** Products done so far out of the products of the run. */
  progress: { done: number; total: number };
  checked: number;
  changed: number;
  failed: number;
  /** Italian reason when the whole run failed. */
  error: string | null;
}

/** A product whose stock changed, or that could not be synced. */
export type StockSyncOutcomeDto =
  | {
      product_id: string;
      name: string;
      supplier_id: string;
      status: 'changed';
      from: number;
      to: number;
      supplier_level: number;
    }
  | { product_id: string; name: string; supplier_id: string; status: 'failed'; code: string; reason: string };

/** GET /api/admin/automations/stock-sync/runs/{id}: the run with its details. */
export interface StockSyncRunDto extends StockSyncRunSummaryDto {
  outcomes: StockSyncOutcomeDto[];
  outcomes_truncated: boolean;
  supplier_errors: { supplier_id: string; name: string; reason: string }[];
  alerts: {
    product_id: string;
    name: string;
    supplier_id: string;
    state: 'sold_out' | 'low_stock';
    quantity: number;
  }[];
}

export type SupplierBody = z.input<typeof supplierSchema>;
export type ImportBody = z.input<typeof importSchema>;
export type StockSyncStartBody = z.input<typeof stockSyncStartSchema>;

/** Suppliers, import and stock sync (function 'automations'). */
export const AUTOMATIONS_API = {
  suppliers: staffRoute<SupplierListDto>('suppliers', {
    method: 'GET',
    path: '/api/admin/suppliers',
    fn: 'automations',
    summary: 'Suppliers by name with the default shipping method name, and the shipping methods',
  }),
  createSupplier: staffRoute<SupplierDto, SupplierBody>('suppliers', {
    method: 'POST',
    path: '/api/admin/suppliers',
    fn: 'automations',
    summary: 'Create a supplier (API key to the secret store)',
  }),
  updateSupplier: staffRoute<SupplierDto, SupplierBody>('suppliers', {
    method: 'PUT',
    path: '/api/admin/suppliers/{id}',
    fn: 'automations',
    summary: 'Edit a supplier (empty API key keeps the old one)',
  }),
  deleteSupplier: staffRoute<SupplierDto>('suppliers', {
    method: 'DELETE',
    path: '/api/admin/suppliers/{id}',
    fn: 'automations',
    summary: 'Delete a supplier, its API key and its notification subscription',
  }),
  importProduct: staffRoute<ImportResultDto, ImportBody>('automations', {
    method: 'POST',
    path: '/api/admin/automations/import',
    fn: 'automations',
    summary: 'Import (or re-import) a product from a supplier page URL',
  }),
  startStockSync: staffRoute<StockSyncRunSummaryDto, StockSyncStartBody>('automations', {
    method: 'POST',
    path: '/api/admin/automations/stock-sync',
    fn: 'automations',
    summary: 'Start the stock sync job asynchronously (202 with the run)',
  }),
  stockSyncRuns: staffRoute<PageResponse<StockSyncRunSummaryDto>>('automations', {
    method: 'GET',
    path: '/api/admin/automations/stock-sync/runs',
    fn: 'automations',
    summary: 'Stock sync runs, newest first (paged)',
  }),
  stockSyncRun: staffRoute<StockSyncRunDto>('automations', {
    method: 'GET',
    path: '/api/admin/automations/stock-sync/runs/{id}',
    fn: 'automations',
    summary: 'One stock sync run with its outcomes',
  }),
} as const;
