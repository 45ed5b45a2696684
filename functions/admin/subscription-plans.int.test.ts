/**
 * Aurum Club plans and discount tiers in the back office over HTTP: create/edit/delete with
 * validation (400 naming the field, nothing written) and audit; a plan copies its tier's
 * percentage (0 without); a tier's percentage change rewrites the plans that copy it; a tier in use
 * cannot be deleted; deleting a plan archives it (gone from both lists, kept for its members); the
 * admin list is by price, the public one by duration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { deleteItems } from '../../test/support/cleanup';
import { useLocalEnv } from '../../test/support/invoke';
import { keys, type TableKey } from '../data/keys';
import { listAuditOfTarget } from '../data/audit-repository';
import { getDiscountTier, getPlan, savePlan } from '../data/plan-repository';
import type { DiscountTierDto, SubscriptionPlanDto } from '../../shared/api/catalog';
import type { ListResponse } from '../../shared/api/route';

useLocalEnv();
let admin: string;
let collaborator: string;
const written: TableKey[] = [];
const stamp = Date.now();

const publicPlans = async () =>
  (await api<ListResponse<SubscriptionPlanDto>>('GET', '/api/subscription-plans')).body.items;
const adminPlans = async () =>
  (await api<ListResponse<SubscriptionPlanDto>>('GET', '/api/admin/subscription-plans', { token: admin })).body.items;
const tiers = async () => (await api<ListResponse<DiscountTierDto>>('GET', '/api/discount-tiers')).body.items;

async function createTier(name: string, discount_percentage: number): Promise<DiscountTierDto> {
  const res = await api<DiscountTierDto>('POST', '/api/admin/discount-tiers', {
    token: admin,
    body: { name, discount_percentage },
  });
  expect(res.status).toBe(201);
  written.push(keys.discountTier(res.body.id));
  return res.body;
}

async function createPlan(body: Record<string, unknown>): Promise<SubscriptionPlanDto> {
  const res = await api<SubscriptionPlanDto>('POST', '/api/admin/subscription-plans', { token: admin, body });
  expect(res.status).toBe(201);
  written.push(keys.plan(res.body.id));
  return res.body;
}

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
});

afterAll(() => deleteItems(written));

describe('plans', () => {
  it("copies the chosen tier's percentage (0 without a tier); admin list by price, public by duration", async () => {
    const tier = await createTier(`Smeraldo ${stamp}`, 12);
    const monthly = await createPlan({
      name: `Mensile ${stamp}`,
      description: 'Un mese.',
      price_cents: 999_000,
      duration_months: 1,
      subscription_tier: 'Expert',
      discount_tier_id: tier.id,
    });
    expect(monthly).toMatchObject({ discount_tier_id: tier.id, discount_percentage: 12, subscription_tier: 'Expert' });
    const plain = await createPlan({
      name: `Annuale ${stamp}`,
      price_cents: 998_000,
      duration_months: 12,
      subscription_tier: 'Advanced',
    });
    expect(plain).toMatchObject({ discount_tier_id: null, discount_percentage: 0, description: '' });
    const byPrice = await adminPlans();
    expect(byPrice.map((p) => p.price_cents)).toEqual([...byPrice.map((p) => p.price_cents)].sort((a, b) => a - b));
    expect(byPrice.slice(-2).map((p) => p.id)).toEqual([plain.id, monthly.id]); // the two dearest
    const byDuration = await publicPlans();
    expect(byDuration.map((p) => p.duration_months)).toEqual(
      [...byDuration.map((p) => p.duration_months)].sort((a, b) => a - b),
    );
    expect(byDuration.findIndex((p) => p.id === monthly.id)).toBeLessThan(
      byDuration.findIndex((p) => p.id === plain.id),
    );
    const history = await listAuditOfTarget('plan', monthly.id);
    expect(history[0]).toMatchObject({
      action: 'create',
      actor_email: demo('supporto').email,
      changes: { discount_percentage: { before: null, after: 12 } },
    });
  });

  it("rewrites every plan copying a tier when the tier's percentage changes", async () => {
    const tier = await createTier(`Zaffiro ${stamp}`, 8);
    const a = await createPlan({
      name: `A ${stamp}`,
      price_cents: 2000,
      duration_months: 2,
      subscription_tier: 'Premium',
      discount_tier_id: tier.id,
    });
    const b = await createPlan({
      name: `B ${stamp}`,
      price_cents: 3000,
      duration_months: 4,
      subscription_tier: 'Premium',
      discount_tier_id: tier.id,
    });
    const res = await api<DiscountTierDto>('PUT', `/api/admin/discount-tiers/${tier.id}`, {
      token: admin,
      body: { name: `Zaffiro Plus ${stamp}`, discount_percentage: 18 },
    });
    expect(res.body).toEqual({ id: tier.id, name: `Zaffiro Plus ${stamp}`, discount_percentage: 18 });
    const listed = await publicPlans();
    expect(listed.filter((p) => p.id === a.id || p.id === b.id).map((p) => p.discount_percentage)).toEqual([18, 18]);
    expect((await tiers()).find((t) => t.id === tier.id)?.name).toBe(`Zaffiro Plus ${stamp}`);
    // a plan moved to another tier stops following this one
    const other = await createTier(`Rubino ${stamp}`, 3);
    await api('PUT', `/api/admin/subscription-plans/${b.id}`, {
      token: admin,
      body: {
        name: b.name,
        price_cents: 3000,
        duration_months: 4,
        subscription_tier: 'Premium',
        discount_tier_id: other.id,
      },
    });
    await api('PUT', `/api/admin/discount-tiers/${tier.id}`, {
      token: admin,
      body: { name: `Zaffiro Plus ${stamp}`, discount_percentage: 20 },
    });
    const after = await publicPlans();
    expect(after.find((p) => p.id === a.id)?.discount_percentage).toBe(20);
    expect(after.find((p) => p.id === b.id)?.discount_percentage).toBe(3);
    expect((await getDiscountTier(tier.id))?.plan_ids).toEqual([a.id]);
    expect((await listAuditOfTarget('discount_tier', tier.id)).map((h) => h.changes.discount_percentage)).toEqual([
      { before: null, after: 8 },
      { before: 8, after: 18 },
      { before: 18, after: 20 },
    ]);
  });

  it('refuses a plan write whose copied percentage is stale (the tier changed meanwhile)', async () => {
    const tier = await createTier(`Topazio ${stamp}`, 5);
    const plan = await createPlan({
      name: `Stale ${stamp}`,
      price_cents: 1500,
      duration_months: 1,
      subscription_tier: 'Advanced',
      discount_tier_id: tier.id,
    });
    const stored = (await getPlan(plan.id))!;
    expect(await savePlan({ ...stored, discount_percentage: 4 }, tier.id)).toBe('tier-changed');
    expect((await getPlan(plan.id))?.discount_percentage).toBe(5);
  });

  it('refuses invalid plans with 400 naming the field and writes nothing', async () => {
    const count = (await adminPlans()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { price_cents: 1000, duration_months: 1, subscription_tier: 'Premium' },
        'name',
        "Il campo 'Nome' è obbligatorio.",
      ],
      [
        { name: 'X', duration_months: 1, subscription_tier: 'Premium' },
        'price_cents',
        "Il campo 'Prezzo (minimo 0,50 €)' è obbligatorio.",
      ],
      [
        { name: 'X', price_cents: 10.5, duration_months: 1, subscription_tier: 'Premium' },
        'price_cents',
        "Il campo 'Prezzo (minimo 0,50 €)' non è valido.",
      ],
      // Stripe charges at least 0,50 €: a cheaper plan could never be paid
      [
        { name: 'X', price_cents: 49, duration_months: 1, subscription_tier: 'Premium' },
        'price_cents',
        "Il campo 'Prezzo (minimo 0,50 €)' non è valido.",
      ],
      [
        { name: 'X', price_cents: 1000, duration_months: 0, subscription_tier: 'Premium' },
        'duration_months',
        "Il campo 'Durata (mesi, da 1 a 36)' non è valido.",
      ],
      [
        { name: 'X', price_cents: 1000, duration_months: 37, subscription_tier: 'Premium' },
        'duration_months',
        "Il campo 'Durata (mesi, da 1 a 36)' non è valido.",
      ],
      [
        { name: 'X', price_cents: 1000, duration_months: 1, subscription_tier: 'Gold' },
        'subscription_tier',
        "Il campo 'Livello' non è valido.",
      ],
      [
        { name: 'X', price_cents: 1000, duration_months: 1, subscription_tier: 'Premium', discount_percentage: 50 },
        'discount_percentage',
        "Il campo 'Percentuale di sconto' non è valido.",
      ],
    ];
    for (const [body, field, message] of cases) {
      expect(await api('POST', '/api/admin/subscription-plans', { token: admin, body })).toEqual({
        status: 400,
        body: { message, field },
      });
    }
    const unknownTier = await api<{ field: string; message: string }>('POST', '/api/admin/subscription-plans', {
      token: admin,
      body: {
        name: 'X',
        price_cents: 1000,
        duration_months: 1,
        subscription_tier: 'Premium',
        discount_tier_id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(unknownTier).toEqual({
      status: 400,
      body: { message: 'Livello di sconto non trovato.', field: 'discount_tier_id' },
    });
    expect((await adminPlans()).length).toBe(count);
    expect(
      (
        await api('POST', '/api/admin/subscription-plans', {
          token: collaborator,
          body: { name: 'X', price_cents: 1000, duration_months: 1, subscription_tier: 'Premium' },
        })
      ).status,
    ).toBe(403);
  });

  it('archives a deleted plan: gone from both lists and not editable, kept for its members', async () => {
    const tier = await createTier(`Opale ${stamp}`, 9);
    const plan = await createPlan({
      name: `Da archiviare ${stamp}`,
      price_cents: 4000,
      duration_months: 3,
      subscription_tier: 'Legends',
      discount_tier_id: tier.id,
    });
    const res = await api('DELETE', `/api/admin/subscription-plans/${plan.id}`, { token: admin });
    expect(res).toEqual({ status: 200, body: { deleted: true } });
    expect((await publicPlans()).some((p) => p.id === plan.id)).toBe(false);
    expect((await adminPlans()).some((p) => p.id === plan.id)).toBe(false);
    expect(await getPlan(plan.id)).toMatchObject({
      name: plan.name,
      subscription_tier: 'Legends',
      discount_percentage: 9,
      discount_tier_id: null,
      archived_at: expect.any(String),
    });
    expect((await getDiscountTier(tier.id))?.plan_ids).toBeUndefined();
    expect((await api('DELETE', `/api/admin/subscription-plans/${plan.id}`, { token: admin })).status).toBe(404);
    expect(
      (
        await api('PUT', `/api/admin/subscription-plans/${plan.id}`, {
          token: admin,
          body: { name: 'Y', price_cents: 100, duration_months: 1, subscription_tier: 'Premium' },
        })
      ).status,
    ).toBe(404);
    expect((await listAuditOfTarget('plan', plan.id)).map((h) => h.action)).toEqual(['create', 'delete']);
  });
});

describe('discount tiers', () => {
  it('refuses to delete a tier plans use (409 naming them), deletes it once free', async () => {
    const tier = await createTier(`Ambra ${stamp}`, 6);
    const plan = await createPlan({
      name: `Usa Ambra ${stamp}`,
      price_cents: 1200,
      duration_months: 1,
      subscription_tier: 'Advanced',
      discount_tier_id: tier.id,
    });
    const refused = await api<{ message: string }>('DELETE', `/api/admin/discount-tiers/${tier.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Usa Ambra ${stamp}`);
    await api('PUT', `/api/admin/subscription-plans/${plan.id}`, {
      token: admin,
      body: {
        name: plan.name,
        price_cents: 1200,
        duration_months: 1,
        subscription_tier: 'Advanced',
        discount_tier_id: null,
      },
    });
    expect((await publicPlans()).find((p) => p.id === plan.id)?.discount_percentage).toBe(0);
    expect(await api('DELETE', `/api/admin/discount-tiers/${tier.id}`, { token: admin })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await tiers()).some((t) => t.id === tier.id)).toBe(false);
    expect((await api('DELETE', `/api/admin/discount-tiers/${tier.id}`, { token: admin })).status).toBe(404);
  });

  it('validates tiers: whole percentage 1..100 and a name', async () => {
    for (const [body, field] of [
      [{ name: 'X', discount_percentage: 0 }, 'discount_percentage'],
      [{ name: 'X', discount_percentage: 12.5 }, 'discount_percentage'],
      [{ discount_percentage: 10 }, 'name'],
      [{ name: ' ', discount_percentage: 10 }, 'name'],
    ] as const) {
      const res = await api<{ field: string }>('POST', '/api/admin/discount-tiers', { token: admin, body });
      expect([res.status, res.body.field]).toEqual([400, field]);
    }
    const tier = await createTier(`Quarzo ${stamp}`, 4);
    const bad = await api<{ field: string }>('PUT', `/api/admin/discount-tiers/${tier.id}`, {
      token: admin,
      body: { name: 'Quarzo', discount_percentage: 101 },
    });
    expect([bad.status, bad.body.field]).toEqual([400, 'discount_percentage']);
    expect((await tiers()).find((t) => t.id === tier.id)?.discount_percentage).toBe(4);
    expect(
      (
        await api('PUT', '/api/admin/discount-tiers/00000000-0000-4000-8000-000000000000', {
          token: admin,
          body: { name: 'Nessuno', discount_percentage: 5 },
        })
      ).status,
    ).toBe(404);
  });
});
