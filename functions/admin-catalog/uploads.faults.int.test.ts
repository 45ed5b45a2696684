/**
 * An image upload while S3 fails (faults switched on in the S3 stand-in, test/support/faults.ts).
 * What the admin sees: the browser's form upload refused with S3's `SlowDown` 503 can be sent again
 * to the same slot (its policy still valid); saving the gallery while S3 refuses the copy answers
 * 503 'Riprova tra poco' and changes nothing (the staged upload stays), and the same save a moment
 * later succeeds with the image.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../shared/api/route';
import type { AdminProductDetailDto, UploadSlotDto } from '../../shared/api/admin-catalog';
import { API_MSG } from '../../shared/messages/api-messages';
import { api, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { clearFaults, fault, faultsLeft } from '../../test/support/faults';
import { useLocalEnv } from '../../test/support/invoke';
import { withProductSafety } from '../../test/support/product-safety';
import { PNG_BYTES, uploadToSlot } from '../../test/support/uploads';

useLocalEnv();
let admin: string;
const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin } = await signInDemoAccounts());
});
afterEach(() => clearFaults());
afterAll(() => cleanup.run(admin));

const product = (id: string) =>
  api<AdminProductDetailDto>('GET', `/api/admin/products/${id}`, { token: admin }).then((r) => r.body);

describe('an image upload while S3 fails', () => {
  it('the upload refused with SlowDown goes through when sent again; the save while S3 refuses the copy answers 503 and changes nothing; saved after', async () => {
    const created = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
      token: admin,
      body: withProductSafety({
        name: `Tappetino Guasto S3 ${randomUUID().slice(0, 6)}`,
        description: 'Antiscivolo.',
        price_cents: 3990,
        quantity: 4,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    cleanup.products.push(id);
    const slots = await api<ListResponse<UploadSlotDto>>('POST', `/api/admin/products/${id}/image-uploads`, {
      token: admin,
      body: { files: [{ name: 'foto.png', content_type: 'image/png', size: PNG_BYTES.length }] },
    });
    expect(slots.status).toBe(201);
    const [slot] = slots.body.items;

    // the browser's form upload: S3 answers SlowDown once, the same slot takes it again
    fault({ service: 's3', operation: 'PostObject', error: 'SlowDown', times: 1 });
    const refused = await uploadToSlot(slot!, PNG_BYTES, slot!.file_name, 'image/png');
    expect(refused.status).toBe(503);
    expect(refused.body).toContain('<Code>SlowDown</Code>');
    expect((await uploadToSlot(slot!, PNG_BYTES, slot!.file_name, 'image/png')).status).toBe(204);

    // the save: S3 refuses the copy of the staged upload through every attempt of the SDK
    fault({ service: 's3', operation: 'CopyObject', error: 'SlowDown', forMs: 30_000 });
    const save = () =>
      api<AdminProductDetailDto & { message?: string; title?: string }>('PUT', `/api/admin/products/${id}/images`, {
        token: admin,
        body: { keys: [slot!.key] },
      });
    const failed = await save();
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ message: API_MSG.unavailable, title: API_MSG.unavailableTitle });
    expect((await product(id)).images).toEqual([]);

    clearFaults();
    expect(faultsLeft()).toEqual([]);
    const saved = await save();
    expect(saved.status).toBe(200);
    expect(saved.body.images).toHaveLength(1);
    expect((await product(id)).images).toHaveLength(1);
  });
});
