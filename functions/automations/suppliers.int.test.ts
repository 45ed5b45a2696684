/**
 * 'Fornitori' over HTTP with real tokens (the supplier rules): validation naming the
 * field with nothing written, the API key kept out of the table and out of every answer (and kept
 * when saved empty), the default shipping method's name joined, the notification email subscribed
 * to the supplier's own alerts on the SNS stand-in, audit entries, delete, and admin-only access.
 */
import fs from 'node:fs';
import path from 'node:path';
import { putShippingMethod } from '../data/shipping-repository';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ddb, GetCommand } from '../lib/dynamo';
import { api, demo, signIn } from '../../test/support/auth';
import { useLocalEnv } from '../../test/support/invoke';
import { dataDir, storedSupplierKeys } from '../../test/support/automations';
import { keys } from '../data/keys';
import { listAuditOfTarget } from '../data/audit-repository';
import type { SupplierDto, SupplierListDto } from '../../shared/api/admin-automations';

useLocalEnv();
let admin: string;
let collaborator: string;

const table = () => inject('localEnv').TABLE_NAME!;
const snsSubscriptions = () =>
  Object.values(
    JSON.parse(fs.readFileSync(path.join(dataDir(), 'sns-state.json'), 'utf8')) as Record<
      string,
      { arn: string; endpoint: string; filterPolicy?: unknown }[]
    >,
  ).flat();
const list = async () => (await api<SupplierListDto>('GET', '/api/admin/suppliers', { token: admin })).body;

/** A shipping method as the shipping screen stores it (its repository is another screen's). */
async function shippingMethod(name: string): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await putShippingMethod(
    {
      id,
      name,
      cost_cents: 490,
      free_shipping_threshold_cents: null,
      description: null,
      estimated_delivery_days_min: null,
      estimated_delivery_days_max: null,
      created_at: at,
      updated_at: at,
    },
    'create',
  );
  return id;
}

beforeAll(async () => {
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
});

describe('suppliers', () => {
  it('lists the seeded suppliers with their shipping method names and the methods for the form', async () => {
    const methodId = await shippingMethod(`Corriere Espresso ${randomUUID().slice(0, 4)}`);
    const body = await list();
    expect(body.items.map((s) => s.name)).toEqual(expect.arrayContaining(['Bottega Atletica', 'Ferro Sud Forniture']));
    const names = body.items.map((s) => s.name.toLocaleLowerCase('it'));
    expect(names).toEqual([...names].sort());
    expect(body.shipping_methods).toContainEqual({ id: methodId, name: expect.stringMatching(/^Corriere Espresso/) });
    const seeded = body.items.find((s) => s.name === 'Ferro Sud Forniture')!;
    expect(seeded).toMatchObject({ has_api_key: true, domain_name: 'localhost', default_shipping_method_name: null });
    expect(JSON.stringify(body)).not.toContain('fornitore-locale-chiave');
  });

  it('creates, edits (empty key keeps it) and deletes a supplier; the key never leaves the secret store', async () => {
    const methodId = await shippingMethod('Ritiro in Magazzino');
    const created = await api<SupplierDto>('POST', '/api/admin/suppliers', {
      token: admin,
      body: {
        name: '  Acciaio Nord  ',
        api_url: 'https://acciaionord.example/api/scorte',
        api_key: 'chiave-segreta-1',
        notification_email: 'scorte@acciaionord.example',
        domain_name: 'https://www.AcciaioNord.example/catalogo',
        default_shipping_method_id: methodId,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toEqual({
      id,
      name: 'Acciaio Nord',
      api_url: 'https://acciaionord.example/api/scorte',
      has_api_key: true,
      notification_email: 'scorte@acciaionord.example',
      domain_name: 'www.acciaionord.example',
      default_shipping_method_id: methodId,
      default_shipping_method_name: 'Ritiro in Magazzino',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(created.body)).not.toContain('chiave-segreta');
    const item = (await ddb.send(new GetCommand({ TableName: table(), Key: keys.supplier(id) }))).Item!;
    expect(JSON.stringify(item)).not.toContain('chiave-segreta');
    expect((await storedSupplierKeys())[id]).toBe('chiave-segreta-1');
    // Subscribed to its own stock alerts only.
    const sub = snsSubscriptions().find((s) => s.endpoint === 'scorte@acciaionord.example')!;
    expect(sub.filterPolicy).toEqual({ kind: ['stock_alert'], supplier_id: [id] });
    expect((await list()).items.find((s) => s.id === id)?.default_shipping_method_name).toBe('Ritiro in Magazzino');

    const edited = await api<SupplierDto>('PUT', `/api/admin/suppliers/${id}`, {
      token: admin,
      body: {
        name: 'Acciaio Nord Srl',
        api_url: '',
        api_key: '',
        notification_email: 'avvisi@acciaionord.example',
        domain_name: 'acciaionord.example',
        default_shipping_method_id: '',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Acciaio Nord Srl',
      api_url: null,
      has_api_key: true,
      notification_email: 'avvisi@acciaionord.example',
      domain_name: 'acciaionord.example',
      default_shipping_method_id: null,
      default_shipping_method_name: null,
    });
    expect((await storedSupplierKeys())[id]).toBe('chiave-segreta-1');
    const endpoints = snsSubscriptions().map((s) => s.endpoint);
    expect(endpoints).toContain('avvisi@acciaionord.example');
    expect(endpoints).not.toContain('scorte@acciaionord.example');
    const rekeyed = await api<SupplierDto>('PUT', `/api/admin/suppliers/${id}`, {
      token: admin,
      body: { name: 'Acciaio Nord Srl', api_key: 'chiave-segreta-2' },
    });
    expect(rekeyed.status).toBe(200);
    expect((await storedSupplierKeys())[id]).toBe('chiave-segreta-2');

    const history = await listAuditOfTarget('supplier', id);
    expect(history.map((h) => h.action)).toEqual(['create', 'update', 'update']);
    expect(history[1]!.changes.name).toEqual({ before: 'Acciaio Nord', after: 'Acciaio Nord Srl' });
    expect(JSON.stringify(history)).not.toContain('chiave-segreta');

    const deleted = await api<SupplierDto>('DELETE', `/api/admin/suppliers/${id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect((await list()).items.some((s) => s.id === id)).toBe(false);
    expect((await storedSupplierKeys())[id]).toBeUndefined();
    expect(snsSubscriptions().map((s) => s.endpoint)).not.toContain('avvisi@acciaionord.example');
    expect((await listAuditOfTarget('supplier', id)).map((h) => h.action)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
    expect((await api('DELETE', `/api/admin/suppliers/${id}`, { token: admin })).status).toBe(404);
  });

  it.each([
    [{}, 'name', "Il campo 'Nome' è obbligatorio."],
    [{ name: '   ' }, 'name', "Il campo 'Nome' non è valido."],
    [
      { name: 'X', notification_email: 'non-una-email' },
      'notification_email',
      "Il campo 'Email notifiche' non è valido.",
    ],
    [{ name: 'X', api_url: 'ftp://fornitore.example/scorte' }, 'api_url', "Il campo 'URL API scorte' non è valido."],
    [{ name: 'X', domain_name: 'non valido!' }, 'domain_name', "Il campo 'Dominio' non è valido."],
    [
      { name: 'X', default_shipping_method_id: 'abc' },
      'default_shipping_method_id',
      "Il campo 'Metodo di spedizione predefinito' non è un identificativo valido.",
    ],
    [
      { name: 'X', default_shipping_method_id: randomUUID() },
      'default_shipping_method_id',
      'Metodo di spedizione non trovato.',
    ],
    [{ name: 'X', domain_name: 'localhost' }, 'domain_name', 'Dominio già usato dal fornitore "Ferro Sud Forniture".'],
    [{ name: 'X', colore: 'oro' }, 'colore', "Il campo 'colore' non è valido."],
  ])('refuses %j with 400 naming %s, writing nothing', async (body, field, message) => {
    const before = await list();
    const res = await api<{ message: string; field: string }>('POST', '/api/admin/suppliers', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field, message });
    expect(await list()).toEqual(before);
  });

  it('refuses an API key for a stock API that is not https (the key would travel in clear)', async () => {
    const before = await list();
    const res = await api<{ field: string; message: string }>('POST', '/api/admin/suppliers', {
      token: admin,
      body: { name: `In chiaro ${Date.now()}`, api_url: 'http://scorte.example.com/api', api_key: 'sk-fornitore-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('api_url');
    expect(res.body.message).toMatch(/https/);
    expect(await list()).toEqual(before);
    const https = await api<{ id: string }>('POST', '/api/admin/suppliers', {
      token: admin,
      body: { name: `Cifrato ${Date.now()}`, api_url: 'https://scorte.example.com/api', api_key: 'sk-fornitore-2' },
    });
    expect(https.status).toBe(201);
    // a stored key is kept by an edit with an empty key: the URL must stay https
    const edit = await api<{ field: string }>('PUT', `/api/admin/suppliers/${https.body.id}`, {
      token: admin,
      body: { name: `Cifrato ${Date.now()}`, api_url: 'http://scorte.example.com/api' },
    });
    expect([edit.status, edit.body.field]).toEqual([400, 'api_url']);
    expect((await api('DELETE', `/api/admin/suppliers/${https.body.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses edits of unknown suppliers and bad ids, and everything to a collaborator', async () => {
    expect(
      (await api('PUT', `/api/admin/suppliers/${randomUUID()}`, { token: admin, body: { name: 'Nessuno' } })).status,
    ).toBe(404);
    expect(
      (await api<{ field: string }>('PUT', '/api/admin/suppliers/123', { token: admin, body: { name: 'Nessuno' } }))
        .body.field,
    ).toBe('id');
    expect((await api('GET', '/api/admin/suppliers', { token: collaborator })).status).toBe(403);
    const before = await list();
    expect((await api('POST', '/api/admin/suppliers', { token: collaborator, body: { name: 'Intruso' } })).status).toBe(
      403,
    );
    expect(await list()).toEqual(before);
  });
});
