import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { DEMO_SELLER } from '../../shared/seller';
import { FALLBACK_CONFIG, parseConfig } from './config';

describe('parseConfig', () => {
  it('keeps well-typed fields and trims the API base URL', () => {
    const c = parseConfig({
      apiBaseUrl: 'https://api.example/',
      stage: 'main',
      authFlow: 'USER_SRP_AUTH',
      cognitoEndpoint: null,
      supportEmail: 'a@b.it',
      local: false,
    });
    expect(c.apiBaseUrl).toBe('https://api.example');
    expect(c.stage).toBe('main');
    expect(c.authFlow).toBe('USER_SRP_AUTH');
    expect(c.cognitoEndpoint).toBeNull();
    expect(c.supportEmail).toBe('a@b.it');
    expect(c.local).toBe(false);
  });

  it("reads the seller's identity, or none when incomplete", () => {
    expect(parseConfig({ seller: DEMO_SELLER }).seller).toEqual(DEMO_SELLER);
    expect(parseConfig({ seller: { ...DEMO_SELLER, vat_number: undefined } }).seller).toBeNull();
    expect(parseConfig({}).seller).toBeNull();
  });

  it('falls back on missing or malformed fields', () => {
    expect(parseConfig(null)).toEqual(FALLBACK_CONFIG);
    const c = parseConfig({ authFlow: 'PLAIN', supportEmail: '', local: 'yes', cognitoEndpoint: '' });
    expect(c.authFlow).toBe(FALLBACK_CONFIG.authFlow);
    expect(c.supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(c.local).toBe(FALLBACK_CONFIG.local);
    expect(c.cognitoEndpoint).toBeNull();
  });
});
