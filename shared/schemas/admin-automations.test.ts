/** The supplier and import-URL rules shared by the form and the server. */
import { describe, expect, it } from 'vitest';
import { importUrlProblem, normaliseDomain, supplierSchema } from './admin-automations';

describe('importUrlProblem', () => {
  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    [undefined, 'missing'],
    [42, 'missing'],
    ['fornitore.it/prodotto', 'invalid'],
    ['ftp://fornitore.it/x', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['http://', 'invalid'],
    ['https://fornitore.it/prodotto', null],
    [' http://127.0.0.1:8080/p ', null],
    ['http://[::1]/p', null],
  ])('%j -> %s', (url, expected) => {
    expect(importUrlProblem(url)).toBe(expected);
  });
});

describe('normaliseDomain', () => {
  it.each([
    ['fornitore.it', 'fornitore.it'],
    ['WWW.Fornitore.IT', 'www.fornitore.it'],
    ['https://shop.fornitore.it/catalogo?x=1', 'shop.fornitore.it'],
    ['fornitore.it/catalogo', 'fornitore.it'],
    ['localhost:12130', 'localhost'],
    ['fornitore.it.', 'fornitore.it'],
  ])('%s -> %s', (raw, expected) => {
    expect(normaliseDomain(raw)).toBe(expected);
  });
});

describe('supplierSchema', () => {
  it('empty optional fields become null; the name is trimmed', () => {
    expect(
      supplierSchema.parse({
        name: ' Ferro ',
        api_url: '',
        api_key: '',
        notification_email: ' ',
        domain_name: '',
        default_shipping_method_id: '',
      }),
    ).toEqual({
      name: 'Ferro',
      api_url: null,
      api_key: null,
      notification_email: null,
      domain_name: null,
      default_shipping_method_id: null,
    });
  });

  it.each([
    [{}, 'name'],
    [{ name: 'x', api_url: 'ftp://a.it/x' }, 'api_url'],
    [{ name: 'x', notification_email: 'a@' }, 'notification_email'],
    [{ name: 'x', domain_name: 'due parole' }, 'domain_name'],
    [{ name: 'x', default_shipping_method_id: '12' }, 'default_shipping_method_id'],
    [{ name: 'x', extra: 1 }, ''],
  ])('refuses %j naming %s', (input, field) => {
    const r = supplierSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(String(r.error?.issues[0]?.path[0] ?? '')).toBe(field);
  });
});
