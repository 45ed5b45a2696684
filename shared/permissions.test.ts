import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, can, canOpenBackOffice, levelFor, roleFromGroups, sectionsFor } from './permissions';

describe('back-office permissions (our decision: the spec leaves collaborators open)', () => {
  it('lists the 14 sections of the spec in its order, products first, then Messaggi', () => {
    expect(ADMIN_SECTIONS.map((s) => s.label)).toEqual([
      'Prodotti',
      'Utenti',
      'Ordini',
      'Abbonamenti',
      'Asset Digitali',
      'Fornitori',
      'Bundle',
      'Commenti',
      'Avvisi Inventario',
      'Pagamenti',
      'Spedizioni',
      'Categorie',
      'Codici Sconto',
      'Automazioni',
      'Messaggi',
    ]);
  });

  it('gives the admin all 15 sections', () => {
    expect(sectionsFor('admin')).toHaveLength(15);
  });

  it('gives a collaborator catalogue, bundles, assets, alerts, comments, orders, categories and messages only', () => {
    expect(sectionsFor('collaborator').map((s) => s.slug)).toEqual([
      'products',
      'orders',
      'digital-assets',
      'bundles',
      'comments',
      'inventory-alerts',
      'categories',
      'messages',
    ]);
    for (const c of [
      'users',
      'payments',
      'subscriptions',
      'discounts',
      'shipping',
      'suppliers',
      'automations',
      'sales',
    ] as const)
      expect(can('collaborator', c)).toBe(false);
  });

  it('gives a plain user no section and no back office', () => {
    expect(sectionsFor('user')).toEqual([]);
    expect(canOpenBackOffice('user')).toBe(false);
    expect(canOpenBackOffice('collaborator')).toBe(true);
    expect(can('user', 'own-account')).toBe(true);
  });

  it('derives route levels: collaborator work stays collaborator, money and people are admin', () => {
    expect(levelFor('catalogue')).toBe('collaborator');
    expect(levelFor('orders')).toBe('collaborator');
    expect(levelFor('sales')).toBe('admin');
    expect(levelFor('users')).toBe('admin');
  });

  it('reads the role from Cognito groups, admin first', () => {
    expect(roleFromGroups(['collaborator', 'admin'])).toBe('admin');
    expect(roleFromGroups(['collaborator'])).toBe('collaborator');
    expect(roleFromGroups([])).toBe('user');
  });
});
