/**
 * The authorization matrix's expectations are the permission POLICY written by hand
 * (authorization-expectations.ts); the route table says which level each route gets. These two
 * must tell the same story for every route, so lowering a route's level (a staff capability moved
 * to the collaborator, an admin route made 'user', a user route made public) fails here at once,
 * before the matrix even runs it over HTTP against the real handlers (authorization-matrix.int.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type AccessLevel, type RouteDefinition } from '../../shared/api/routes';
import { ACTORS, EXPECTED, POLICY_CLASS, type PolicyClass } from './authorization-expectations';

/** The access level a policy class of the expectations stands for. */
const LEVELS_OF: Record<PolicyClass, readonly AccessLevel[]> = {
  everyone: ['public', 'webhook'],
  signedIn: ['user'],
  staff: ['collaborator'],
  adminOnly: ['admin'],
};

/** Routes whose level in the route table is not the one their hand-written expectation states. */
function levelMismatches(routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'access'>[]): string[] {
  return routes.flatMap((route) => {
    const expected = EXPECTED[routeKey(route)];
    if (!expected) return [`${routeKey(route)}: no expectation row`];
    const policy = expected[POLICY_CLASS];
    return LEVELS_OF[policy].includes(route.access)
      ? []
      : [`${routeKey(route)}: route table says '${route.access}', policy says ${policy}`];
  });
}

describe('authorization expectations vs route table', () => {
  it('agree on the access level of every route', () => {
    expect(levelMismatches(ROUTES)).toEqual([]);
  });

  it('catch a lowered route: an admin route opened to collaborators, a user route made public', () => {
    const lowered = ROUTES.map((r) => {
      if (routeKey(r) === 'PUT /api/admin/payment-settings') return { ...r, access: 'collaborator' as const };
      if (routeKey(r) === 'GET /api/me/orders') return { ...r, access: 'public' as const };
      return r;
    });
    expect(levelMismatches(lowered).sort()).toEqual([
      "GET /api/me/orders: route table says 'public', policy says signedIn",
      "PUT /api/admin/payment-settings: route table says 'collaborator', policy says adminOnly",
    ]);
  });

  it('states an exact status for every actor of every row (no "anything but 403")', () => {
    for (const [key, row] of Object.entries(EXPECTED)) {
      for (const actor of ACTORS) expect(Number.isInteger(row[actor]), `${key} as ${actor}`).toBe(true);
      const allowed = ACTORS.map((a) => row[a]).filter((s) => s !== 401 && s !== 403);
      for (const status of allowed) expect([200, 201, 400, 404], key).toContain(status);
    }
  });

  it('refuses every staff route to staff without MFA, and nothing else to them', () => {
    for (const [key, row] of Object.entries(EXPECTED)) {
      const policy = row[POLICY_CLASS];
      for (const actor of ['collaboratorNoMfa', 'adminNoMfa'] as const) {
        if (policy === 'staff' || policy === 'adminOnly') expect(row[actor], `${key} as ${actor}`).toBe(403);
        else expect(row[actor], `${key} as ${actor}`).toBe(row.customer === 401 ? 401 : row.customer);
      }
    }
  });
});
