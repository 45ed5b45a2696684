import { describe, expect, it } from 'vitest';
import { isValidCodiceFiscale, isValidPartitaIva, isValidSdiCode } from './tax-ids';

// Examples published with their check characters (Agenzia delle Entrate's examples and well-known
// test identifiers), each also tried with its last character changed.
describe('codice fiscale', () => {
  it('accepts a person whose check character is right, in any case and with spaces around', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCodiceFiscale('MRTMTT91D08F205J')).toBe(true);
    expect(isValidCodiceFiscale(' rssmra85t10a562s ')).toBe(true);
  });
  it('refuses a wrong check character, a bad month letter and a wrong length', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562T')).toBe(false);
    expect(isValidCodiceFiscale('MRTMTT91D08F205K')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85Z10A562S')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA85T10A562')).toBe(false);
  });
  it("takes a company's 11 digits as a partita IVA", () => {
    expect(isValidCodiceFiscale('00743110157')).toBe(true);
    expect(isValidCodiceFiscale('00743110158')).toBe(false);
  });
});

describe('partita IVA and SDI code', () => {
  it('checks the partita IVA check digit', () => {
    expect(isValidPartitaIva('00743110157')).toBe(true);
    expect(isValidPartitaIva('IT00743110157')).toBe(true);
    expect(isValidPartitaIva('00743110150')).toBe(false);
  });
  it('takes 7 letters or digits as an SDI code', () => {
    expect(isValidSdiCode('M5UXCR1')).toBe(true);
    expect(isValidSdiCode('0000000')).toBe(true);
    expect(isValidSdiCode('UFXXXX')).toBe(false);
  });
});
