import { describe, expect, it } from 'vitest';
import { asSellerIdentity, DEMO_SELLER, sellerLine } from './seller';
import { parseSellerIdentity } from './schemas/seller';
import { isValidPartitaIva } from './tax-ids';

describe('partita IVA check digit', () => {
  it('accepts 11 digits with the right check digit, with or without IT', () => {
    expect(isValidPartitaIva('12345678903')).toBe(true);
    expect(isValidPartitaIva('IT12345678903')).toBe(true);
    expect(isValidPartitaIva('12345678904')).toBe(false);
    expect(isValidPartitaIva('1234567890')).toBe(false);
    expect(isValidPartitaIva('1234567890A')).toBe(false);
  });
});

describe('seller identity from stage configuration', () => {
  it('reads an object or its JSON text', () => {
    expect(parseSellerIdentity(DEMO_SELLER)).toEqual({ ok: true, seller: DEMO_SELLER });
    expect(parseSellerIdentity(JSON.stringify(DEMO_SELLER))).toEqual({ ok: true, seller: DEMO_SELLER });
  });

  it('names every missing or wrong field (art. 7 D.Lgs. 70/2003 asks for all of them)', () => {
    const r = parseSellerIdentity({ ...DEMO_SELLER, vat_number: '12345678904', pec: 'no', rea_number: undefined });
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.problems.join('\n');
    expect(problems).toMatch(/vat_number/);
    expect(problems).toMatch(/pec/);
    expect(problems).toMatch(/rea_number/);
    expect(parseSellerIdentity(undefined).ok).toBe(false);
    expect(parseSellerIdentity('{').ok).toBe(false);
  });

  it('reads back a validated identity without zod (the SPA and the functions)', () => {
    expect(asSellerIdentity(JSON.parse(JSON.stringify(DEMO_SELLER)))).toEqual(DEMO_SELLER);
    expect(asSellerIdentity({ ...DEMO_SELLER, share_capital: undefined })).toEqual({
      ...DEMO_SELLER,
      share_capital: null,
    });
    expect(asSellerIdentity({ ...DEMO_SELLER, pec: '' })).toBeNull();
    expect(asSellerIdentity('x')).toBeNull();
  });

  it('writes the one-line identity with company, office, P.IVA, REA, capital and PEC', () => {
    expect(sellerLine(DEMO_SELLER)).toBe(
      'Aurum Fitness S.r.l. (dati dimostrativi) · Sede legale: Via dell’Esempio 1, 70121 Bari (BA), Italia · P.IVA IT12345678903 · REA BA-000000 · Capitale sociale 10.000,00 € i.v. · PEC aurumfitness@pec.example',
    );
  });
});
