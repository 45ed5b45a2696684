/**
 * Retention applied with the table's TTL (GDPR art. 5 c.1 lett. e): an audit entry and a contact
 * message are written with `expires_at_epoch` at their retention after their own time (a year for
 * audit entries, two years for contact messages; docs/italian-law.md 'Retention').
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalEnv } from '../../test/support/invoke';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from './keys';
import { putAudit } from './audit-repository';
import { recordContactMessage } from './contact-repository';

useLocalEnv();

const raw = async (key: { PK: string; SK: string }) =>
  (await ddb.send(new GetCommand({ TableName: env.tableName, Key: key }))).Item!;
const DAY = 24 * 3600;

describe('retention with the TTL attribute', () => {
  it('expires an audit entry a year (366 days) after it was written', async () => {
    const at = '2026-03-01T10:00:00.000Z';
    const a = {
      id: randomUUID(),
      at,
      actor_id: randomUUID(),
      actor_email: 'supporto@aurumfitness.example',
      actor_role: 'admin',
      action: 'update',
      target_type: 'product',
      target_id: randomUUID(),
      route: 'PUT /api/admin/products/{id}',
      changes: {},
    };
    await putAudit(a);
    const item = await raw(keys.audit(a.target_type, a.target_id, a.at, a.id));
    expect(item.expires_at_epoch).toBe(Date.UTC(2026, 2, 1, 10) / 1000 + 366 * DAY);
  });

  it('expires a contact message two years (730 days) after it was sent', async () => {
    const m = {
      id: randomUUID(),
      first_name: 'Giulia',
      last_name: 'Bianchi',
      email: `contatto-${randomUUID().slice(0, 6)}@example.com`,
      topic: null,
      message: 'Vorrei informazioni sulla spedizione.',
      state: 'nuovo' as const,
      created_at: '2026-05-10T08:30:00.000Z',
    };
    await recordContactMessage(
      m,
      { ip: `10.9.${Math.floor(Math.random() * 250)}.1`, window: '2026-05-10T08', ttl: 1, limits: { email: 5, ip: 5 } },
      [],
    );
    const item = await raw(keys.contactMessage(m.id));
    expect(item.expires_at_epoch).toBe(Date.UTC(2026, 4, 10, 8, 30) / 1000 + 730 * DAY);
  });
});
