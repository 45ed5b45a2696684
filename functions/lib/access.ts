/**
 * Enforces a route's access level (route table) for a caller. Roles come from the verified Cognito
 * groups claim; the server decides, never the client.
 *
 * Levels: public and webhook pass; user needs a caller; collaborator needs role collaborator or
 * admin; admin needs role admin.
 */
import type { RouteDefinition } from '../route-table';
import type { Caller } from './caller';
import { forbidden, unauthorized } from './errors';

/**
 * @throws AppError 401 when the route needs a signed-in caller and there is none
 * @throws AppError 403 when the caller's role is below the route's level
 */
export async function enforceAccess(route: RouteDefinition, caller: Caller | null): Promise<void> {
  if (route.access === 'public' || route.access === 'webhook') return;
  if (!caller) throw unauthorized();
  if (route.access === 'admin' && caller.role !== 'admin') throw forbidden();
  if (route.access === 'collaborator' && caller.role === 'user') throw forbidden();
}
