/**
 * Test support: what a back-office test created in the shared table, deleted afterwards through the
 * admin API (so products take their images, cart lines and comments with them), leaving the table
 * as other test files expect it.
 */
import { api } from './auth';

export class CatalogCleanup {
  readonly products: string[] = [];
  readonly bundles: string[] = [];
  readonly categories: string[] = [];
  readonly assets: string[] = [];

  /** Deletes everything registered (already deleted items answer 404 and are skipped). */
  async run(adminToken: string): Promise<void> {
    const del = (path: string) => api('DELETE', path, { token: adminToken });
    for (const id of this.bundles) await del(`/api/admin/bundles/${id}`);
    for (const id of this.products) await del(`/api/admin/products/${id}`);
    for (const id of this.categories) await del(`/api/admin/categories/${id}`);
    for (const id of this.assets) await del(`/api/admin/digital-assets/${id}`);
  }
}
