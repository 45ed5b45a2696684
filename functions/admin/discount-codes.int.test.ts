/**
 * Discount codes in the back office over HTTP: create (active by default), the text unique
 * case-insensitively, edit/rename/deactivate keeping times_used, delete freeing the text, the
 * list newest first with a cursor (1 Query on GSI1), validation (400 naming the field, nothing
 * written) and audit; the checkout's lookup by text with the shared acceptance rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { deleteItems } from '../../test/support/cleanup';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import { claimsOf } from '../../test/support/staff';
import { keys, type TableKey } from '../data/keys';
import { listAuditOfTarget } from '../data/audit-repository';
import { findDiscountCodeByText } from '../data/discount-code-repository';
import { checkDiscountCode } from '../../shared/discount-codes';
import { italianDate } from '../../shared/calendar';
import type { DiscountCodeDto } from '../../shared/api/admin-offers';
import type { PageResponse } from '../../shared/api/route';
import type { ApiHandler } from '../lib/context-handler';

useLocalEnv();
let handler: ApiHandler;
let counter: RequestCounter;
let admin: string;
const written: TableKey[] = [];
const suffix = String(Date.now()).slice(-6);
const tomorrow = () => italianDate(new Date(Date.now() + 36 * 3600 * 1000));

async function create(body: Record<string, unknown>): Promise<DiscountCodeDto> {
  const res = await api<DiscountCodeDto>('POST', '/api/admin/discount-codes', { token: admin, body });
  expect(res.status).toBe(201);
  written.push(keys.discountCode(res.body.id), keys.discountCodeClaim(res.body.code));
  return res.body;
}

const list = async () =>
  (await api<PageResponse<DiscountCodeDto>>('GET', '/api/admin/discount-codes?limit=100', { token: admin })).body.items;

beforeAll(async () => {
  ({ handler } = await import('./index'));
  counter = countDynamoRequests();
  admin = await signIn(demo('supporto').email, demo('supporto').password);
});

afterAll(() => deleteItems(written));

describe('discount codes', () => {
  it('creates a code active by default with no uses, first in the newest-first list (1 Query on GSI1)', async () => {
    const code = await create({ code: `Primavera${suffix}`, discount_type: 'percentage', value: 15, expires_at: '' });
    expect(code).toMatchObject({
      code: `Primavera${suffix}`,
      discount_type: 'percentage',
      value: 15,
      expires_at: null,
      is_active: true,
      times_used: 0,
    });
    counter.reset();
    const page = await invoke<PageResponse<DiscountCodeDto>>(handler, 'GET /api/admin/discount-codes', {
      claims: claimsOf('supporto'),
      query: { limit: '1' },
    });
    expect(counter.requests).toEqual([{ command: 'GetItemCommand' }, { command: 'QueryCommand', index: 'GSI1' }]);
    expect(page.body.items.map((c) => c.id)).toEqual([code.id]);
    const next = await api<PageResponse<DiscountCodeDto>>(
      'GET',
      `/api/admin/discount-codes?limit=1&cursor=${page.body.next_cursor}`,
      { token: admin },
    );
    expect(next.body.items[0]!.id).not.toBe(code.id);
    expect((await list()).some((c) => c.code === 'BENVENUTO10')).toBe(true); // seeded
    expect((await listAuditOfTarget('discount_code', code.id))[0]).toMatchObject({
      action: 'create',
      changes: { code: { before: null, after: `Primavera${suffix}` } },
    });
  });

  it('keeps the text unique whatever the case: 409 naming code, nothing written', async () => {
    await create({ code: `Unico${suffix}`, discount_type: 'fixed', value: 500 });
    const count = (await list()).length;
    const dup = await api<{ message: string; field: string }>('POST', '/api/admin/discount-codes', {
      token: admin,
      body: { code: ` UNICO${suffix} `, discount_type: 'percentage', value: 10 },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      message: `Esiste già il codice "UNICO${suffix}" (maiuscole e minuscole non contano).`,
      field: 'code',
    });
    expect((await list()).length).toBe(count);
  });

  it('edits, renames (the old text becomes free) and deactivates a code, keeping times_used', async () => {
    const seeded = (await list()).find((c) => c.code === 'BENVENUTO10')!;
    expect(seeded.times_used).toBeGreaterThan(0); // used by seeded orders
    const code = await create({
      code: `Rinomina${suffix}`,
      discount_type: 'percentage',
      value: 10,
      expires_at: tomorrow(),
    });
    const renamed = await api<DiscountCodeDto>('PUT', `/api/admin/discount-codes/${code.id}`, {
      token: admin,
      body: {
        code: `Rinominato${suffix}`,
        discount_type: 'fixed',
        value: 750,
        expires_at: tomorrow(),
        is_active: false,
      },
    });
    written.push(keys.discountCodeClaim(`Rinominato${suffix}`));
    expect(renamed.body).toMatchObject({
      id: code.id,
      code: `Rinominato${suffix}`,
      discount_type: 'fixed',
      value: 750,
      is_active: false,
      times_used: 0,
      created_at: code.created_at,
    });
    expect(await findDiscountCodeByText(`rinomina${suffix}`)).toBeNull();
    const reused = await create({ code: `RINOMINA${suffix}`, discount_type: 'percentage', value: 5 });
    expect(reused.id).not.toBe(code.id);
    const found = await findDiscountCodeByText(`RINOMINATO${suffix}`);
    expect(checkDiscountCode(found, new Date())).toMatchObject({
      ok: false,
      reason: 'inactive',
      message: 'Questo codice sconto non è più attivo.',
    });

    const edited = await api<DiscountCodeDto>('PUT', `/api/admin/discount-codes/${seeded.id}`, {
      token: admin,
      body: { code: 'Benvenuto10', discount_type: 'percentage', value: 12, expires_at: null, is_active: true },
    });
    expect(edited.body).toMatchObject({ code: 'Benvenuto10', value: 12, times_used: seeded.times_used });
    await api('PUT', `/api/admin/discount-codes/${seeded.id}`, {
      token: admin,
      body: { code: 'BENVENUTO10', discount_type: 'percentage', value: 10, expires_at: null, is_active: true },
    });
    expect(checkDiscountCode(await findDiscountCodeByText('benvenuto10'), new Date())).toMatchObject({
      ok: true,
      code: { id: seeded.id, value: 10 },
    });
  });

  it('validates: code pattern, percentage 1..100, cents >= 1, real date not in the past, no unknown fields', async () => {
    const count = (await list()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ discount_type: 'percentage', value: 10 }, 'code'],
      [{ code: 'SCONTO 10', discount_type: 'percentage', value: 10 }, 'code'],
      [{ code: 'OK10', discount_type: 'gratis', value: 10 }, 'discount_type'],
      [{ code: 'OK10', discount_type: 'percentage', value: 150 }, 'value'],
      [{ code: 'OK10', discount_type: 'percentage', value: 0 }, 'value'],
      [{ code: 'OK10', discount_type: 'fixed', value: 4.5 }, 'value'],
      [{ code: 'OK10', discount_type: 'fixed', value: 500, expires_at: '31/12/2099' }, 'expires_at'],
      [{ code: 'OK10', discount_type: 'fixed', value: 500, expires_at: '2020-01-01' }, 'expires_at'],
      [{ code: 'OK10', discount_type: 'fixed', value: 500, times_used: 9 }, 'times_used'],
    ];
    for (const [body, field] of cases) {
      const res = await api<{ field: string; message: string }>('POST', '/api/admin/discount-codes', {
        token: admin,
        body,
      });
      expect([res.status, res.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect(
      (
        await api<{ message: string }>('POST', '/api/admin/discount-codes', {
          token: admin,
          body: { code: 'OK10', discount_type: 'percentage', value: 101 },
        })
      ).body.message,
    ).toBe("Il campo 'Valore' non è valido.");
    expect((await list()).length).toBe(count);
  });

  it('deletes a code (the text is free again), 404 the second time', async () => {
    const code = await create({ code: `Elimina${suffix}`, discount_type: 'percentage', value: 20 });
    expect(await api('DELETE', `/api/admin/discount-codes/${code.id}`, { token: admin })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await api('DELETE', `/api/admin/discount-codes/${code.id}`, { token: admin })).status).toBe(404);
    expect(await findDiscountCodeByText(`elimina${suffix}`)).toBeNull();
    await create({ code: `ELIMINA${suffix}`, discount_type: 'percentage', value: 20 });
    expect((await listAuditOfTarget('discount_code', code.id)).map((h) => h.action)).toEqual(['create', 'delete']);
  });
});
