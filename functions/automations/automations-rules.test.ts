/** Pure rules of the automations: supplier by host, image keys, notifications of a run, SNS subjects. */
import { describe, expect, it } from 'vitest';
import { productImageKey, supplierForHost } from './import-product';
import { notificationsFor } from './stock-sync-run';
import { snsSubject } from '../lib/notifications';
import type { SupplierRecord } from '../data/supplier-repository';
import type { StockSyncReport } from '../../shared/stock-sync';
import type { StockSyncRunRecord } from '../data/stock-sync-repository';

const supplier = (id: string, domain: string | null): SupplierRecord => ({
  id,
  name: `Fornitore ${id}`,
  api_url: null,
  has_api_key: false,
  notification_email: null,
  domain_name: domain,
  default_shipping_method_id: null,
  notification_subscription_arn: null,
  created_at: '',
  updated_at: '',
});

describe('supplierForHost', () => {
  const all = [
    supplier('a', 'fornitore.it'),
    supplier('b', 'shop.fornitore.it'),
    supplier('c', null),
    supplier('d', 'altro.it'),
  ];
  it.each([
    ['fornitore.it', 'a'],
    ['www.fornitore.it', 'a'],
    ['shop.fornitore.it', 'b'],
    ['eu.shop.fornitore.it', 'b'],
    ['FORNITORE.IT.', 'a'],
    ['nonfornitore.it', null],
    ['fornitore.it.evil.example', null],
    ['altro.it', 'd'],
  ])('%s -> %s', (host, expected) => {
    expect(supplierForHost(host, all)?.id ?? null).toBe(expected);
  });
});

describe('productImageKey', () => {
  it('is products/{productId}/{timestamp}-{random}.{ext} (the storage paths)', () => {
    expect(productImageKey('p1', 'image/jpeg', 1795341600000)).toMatch(
      /^products\/p1\/1795341600000-[0-9a-f]{8}\.jpg$/,
    );
    expect(productImageKey('p1', 'image/webp', 1)).toMatch(/\.webp$/);
    expect(productImageKey('p1', 'image/png', 1)).not.toBe(productImageKey('p1', 'image/png', 1));
  });
});

describe('snsSubject', () => {
  it('keeps SNS subjects ASCII, one line, under 100 characters', () => {
    expect(snsSubject('Disponibilità esaurita: più prodotti')).toBe('Disponibilita esaurita: piu prodotti');
    expect(snsSubject('a\nb  c')).toBe('a b c');
    expect(snsSubject('x'.repeat(150))).toHaveLength(99);
    expect(snsSubject('€€')).toBe('Aurum Fitness');
  });
});

describe('notificationsFor', () => {
  const run = { id: 'run-1' } as StockSyncRunRecord;
  const base: StockSyncReport = {
    started_at: '',
    finished_at: '',
    checked: 3,
    changed: 2,
    failed: 0,
    outcomes: [],
    supplier_errors: [],
    alerts: [],
  };
  const names = new Map([
    ['s1', 'Ferro Sud'],
    ['s2', 'Bottega'],
  ]);

  it('nothing to say: no message', () => {
    expect(notificationsFor(run, base, names)).toEqual([]);
  });

  it('one stock alert per supplier, for its own products, with its id for the filter policy', () => {
    const out = notificationsFor(
      run,
      {
        ...base,
        alerts: [
          { product_id: 'p1', name: 'Kettlebell', supplier_id: 's1', state: 'sold_out', quantity: 0 },
          { product_id: 'p2', name: 'Manubri', supplier_id: 's1', state: 'low_stock', quantity: 3 },
          { product_id: 'p3', name: 'Tappetino', supplier_id: 's2', state: 'sold_out', quantity: -1 },
        ],
      },
      names,
    );
    expect(out.map((n) => [n.kind, n.supplierId, n.subject])).toEqual([
      ['stock_alert', 's1', 'Aurum Fitness: 2 prodotti esauriti o in esaurimento'],
      ['stock_alert', 's2', 'Aurum Fitness: 1 prodotto esaurito o in esaurimento'],
    ]);
    expect(out[0]!.message).toBe(
      'La sincronizzazione delle scorte con Ferro Sud ha cambiato lo stato di questi prodotti:\n- Kettlebell: ESAURITO (0 disponibili)\n- Manubri: scorta bassa (3 disponibili)\n\nDettagli in Automazioni, sincronizzazione run-1.',
    );
  });

  it('failures: one message for the admin (no supplier attribute), suppliers first, capped at 30 lines', () => {
    const outcomes = Array.from({ length: 35 }, (_, i) => ({
      product_id: `p${i}`,
      name: `Prodotto ${i}`,
      supplier_id: 's2',
      status: 'failed' as const,
      code: 'http_status',
      reason: 'HTTP 404',
    }));
    const out = notificationsFor(
      run,
      {
        ...base,
        failed: 35,
        outcomes,
        supplier_errors: [{ supplier_id: 's1', name: 'Ferro Sud', reason: 'Accesso negato' }],
      },
      names,
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      kind: 'run_failures',
      subject: 'Aurum Fitness: sincronizzazione scorte con 35 errori',
    });
    expect(out[0]!.supplierId).toBeUndefined();
    const lines = out[0]!.message.split('\n');
    expect(lines[0]).toBe('Prodotti controllati: 3, cambiati: 2, con errori: 35.');
    expect(lines[1]).toBe('- Fornitore Ferro Sud: Accesso negato');
    expect(lines).toContain('... e altri 6.');
  });
});
