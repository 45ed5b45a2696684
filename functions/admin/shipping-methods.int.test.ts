/**
 * Shipping methods: created, edited and deleted by the admin over HTTP (empty fields saved as null,
 * validation 400 naming the field, audit), listed by cost for everyone on GET /api/shipping-methods
 * (catalog function, 1 Query), and the shared shipping rule applied to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { deleteItems } from '../../test/support/cleanup';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import { keys, type TableKey } from '../data/keys';
import { listAuditOfTarget } from '../data/audit-repository';
import { cheapestShippingMethod, shippingCost } from '../../shared/shipping';
import type { ShippingMethodDto } from '../../shared/api/catalog';
import type { ListResponse } from '../../shared/api/route';

useLocalEnv();
let admin: string;
let collaborator: string;
const written: TableKey[] = [];

const publicList = async () => (await api<ListResponse<ShippingMethodDto>>('GET', '/api/shipping-methods')).body.items;

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
});

afterAll(() => deleteItems(written));

describe('shipping methods', () => {
  it('lists the seeded methods by cost for visitors with 1 Query, and the rule picks the cheapest', async () => {
    const { handler } = await import('../catalog/index');
    const counter = countDynamoRequests();
    const res = await invoke<ListResponse<ShippingMethodDto>>(handler, 'GET /api/shipping-methods');
    expect(counter.requests).toEqual([{ command: 'QueryCommand', index: 'GSI1' }]);
    const seeded = ['Ritiro in sede', 'Standard', 'Express', 'Internazionale (UE)', 'Consegna al piano'];
    // (other test files add methods of their own meanwhile: the seeded ones keep their order)
    const methods = res.body.items.filter((m) => seeded.includes(m.name));
    expect(methods.map((m) => m.name)).toEqual(seeded);
    const standard = methods.find((m) => m.name === 'Standard')!;
    expect(standard).toMatchObject({
      cost_cents: 490,
      free_shipping_threshold_cents: 7900,
      estimated_delivery_days_min: 3,
      estimated_delivery_days_max: 5,
    });
    expect(shippingCost(standard, 7899)).toBe(490);
    expect(shippingCost(standard, 7900)).toBe(0);
    expect(
      cheapestShippingMethod(
        methods.filter((m) => m.name !== 'Ritiro in sede'),
        3000,
      )?.name,
    ).toBe('Standard');
  });

  it('creates a method with empty fields saved as null, edits and deletes it, audited', async () => {
    const res = await api<ShippingMethodDto>('POST', '/api/admin/shipping-methods', {
      token: admin,
      body: {
        name: 'Corriere Sera',
        cost_cents: 690,
        free_shipping_threshold_cents: '',
        description: '  ',
        estimated_delivery_days_min: '',
        estimated_delivery_days_max: null,
      },
    });
    expect(res.status).toBe(201);
    written.push(keys.shippingMethod(res.body.id));
    expect(res.body).toEqual({
      id: res.body.id,
      name: 'Corriere Sera',
      cost_cents: 690,
      free_shipping_threshold_cents: null,
      description: null,
      estimated_delivery_days_min: null,
      estimated_delivery_days_max: null,
    });
    let names = (await publicList()).map((m) => m.name);
    expect(names.indexOf('Corriere Sera')).toBe(names.indexOf('Standard') + 1); // 4,90 < 6,90 < 9,90
    const edited = await api<ShippingMethodDto>('PUT', `/api/admin/shipping-methods/${res.body.id}`, {
      token: admin,
      body: {
        name: 'Corriere Sera',
        cost_cents: 1290,
        free_shipping_threshold_cents: 9900,
        description: 'Consegna dalle 18 alle 21.',
        estimated_delivery_days_min: 2,
        estimated_delivery_days_max: 3,
      },
    });
    expect(edited.body).toMatchObject({
      cost_cents: 1290,
      free_shipping_threshold_cents: 9900,
      estimated_delivery_days_max: 3,
    });
    names = (await publicList()).map((m) => m.name);
    expect(names.indexOf('Corriere Sera')).toBe(names.indexOf('Express') + 1); // re-sorted by the new cost
    expect(await api('DELETE', `/api/admin/shipping-methods/${res.body.id}`, { token: admin })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await publicList()).some((m) => m.id === res.body.id)).toBe(false);
    expect((await api('DELETE', `/api/admin/shipping-methods/${res.body.id}`, { token: admin })).status).toBe(404);
    expect((await listAuditOfTarget('shipping_method', res.body.id)).map((h) => h.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('validates: name and cost required, whole cents, min <= max days; nothing written', async () => {
    const count = (await publicList()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cost_cents: 490 }, 'name', "Il campo 'Nome' è obbligatorio."],
      [{ name: 'X' }, 'cost_cents', "Il campo 'Costo' è obbligatorio."],
      [{ name: 'X', cost_cents: 4.9 }, 'cost_cents', "Il campo 'Costo' non è valido."],
      [{ name: 'X', cost_cents: -1 }, 'cost_cents', "Il campo 'Costo' non è valido."],
      [
        { name: 'X', cost_cents: 490, estimated_delivery_days_min: 5, estimated_delivery_days_max: 3 },
        'estimated_delivery_days_max',
        "Il campo 'Consegna massima (giorni)' non è valido.",
      ],
      [
        { name: 'X', cost_cents: 490, free_shipping_threshold_cents: '79' },
        'free_shipping_threshold_cents',
        "Il campo 'Soglia spedizione gratuita' non è valido.",
      ],
    ];
    for (const [body, field, message] of cases) {
      expect(await api('POST', '/api/admin/shipping-methods', { token: admin, body })).toEqual({
        status: 400,
        body: { message, field },
      });
    }
    expect((await publicList()).length).toBe(count);
    expect(
      (await api('POST', '/api/admin/shipping-methods', { token: collaborator, body: { name: 'X', cost_cents: 1 } }))
        .status,
    ).toBe(403);
    expect(
      (
        await api('PUT', '/api/admin/shipping-methods/00000000-0000-4000-8000-000000000000', {
          token: admin,
          body: { name: 'X', cost_cents: 1 },
        })
      ).status,
    ).toBe(404);
  });
});
