import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../session/auth-errors';
import { userFromIdToken } from '../session/amplify';
import { maskDestination } from './login/mask-destination';
import { parseTab } from '../profile/profile-tabs';
import { EMPTY_ADDRESS, cityLine, isAddressField, validateAddress } from '../ui/address-form';
import { formatItalianDate } from '../profile/format-date';

function named(name: string, message = 'x'): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

describe('maskDestination', () => {
  it('keeps an already masked Cognito destination', () => {
    expect(maskDestination('+*******0000')).toBe('+*******0000');
  });
  it('masks a clear phone number but the last 4 digits', () => {
    expect(maskDestination('+390800000000')).toBe('+********0000');
  });
  it('handles missing values and emails', () => {
    expect(maskDestination(undefined)).toBe('');
    expect(maskDestination('mario@example.com')).toBe('m***@example.com');
  });
});

describe('authErrorMessage', () => {
  it('reads cognito-local wrong sign-in password as wrong credentials', () => {
    expect(authErrorMessage(named('InvalidPasswordException', 'Invalid password'), 'sign-in')).toBe(
      'Email o password non corretti.',
    );
  });
  it('reads a policy failure as a weak password', () => {
    expect(
      authErrorMessage(named('InvalidPasswordException', 'Password does not conform to policy'), 'sign-up'),
    ).toMatch(/requisiti/);
  });
  it('reads a wrong current password on change', () => {
    expect(authErrorMessage(named('InvalidPasswordException', 'Invalid password'), 'password')).toBe(
      'La password attuale non è corretta.',
    );
    expect(authErrorMessage(named('NotAuthorizedException'), 'password')).toBe('La password attuale non è corretta.');
  });
  it('tells a banned user that the account is suspended, not that the password is wrong', () => {
    expect(authErrorMessage(named('NotAuthorizedException', 'User is disabled.'), 'sign-in')).toMatch(/sospeso/);
    expect(authErrorMessage(named('NotAuthorizedException', 'Incorrect username or password.'), 'sign-in')).toBe(
      'Email o password non corretti.',
    );
  });
  it("tells a user whose sign-in met Cognito's own failure to try again shortly, not that the password is wrong", () => {
    expect(authErrorMessage(named('InternalErrorException', 'Internal server error.'), 'sign-in')).toBe(
      'Servizio di accesso momentaneamente non disponibile. Riprova tra poco.',
    );
  });
  it('translates known names and falls back to the provider message', () => {
    expect(authErrorMessage(named('CodeMismatchException'), 'code')).toBe('Il codice inserito non è corretto.');
    expect(authErrorMessage(named('UsernameExistsException'), 'sign-up')).toBe(
      'Esiste già un account con questa email.',
    );
    expect(authErrorMessage(named('SomethingNew', 'Provider says no'), 'sign-in')).toBe('Provider says no');
  });
});

describe('userFromIdToken', () => {
  it('takes admin rights from cognito:groups only', () => {
    expect(userFromIdToken({ payload: { sub: 's1', email: 'a@b.it', 'cognito:groups': ['admin'] } })).toEqual({
      sub: 's1',
      email: 'a@b.it',
      role: 'admin',
      isAdmin: true,
      mfa: false,
    });
    expect(userFromIdToken({ payload: { sub: 's2', email: 'supporto@aurumfitness.example' } })?.isAdmin).toBe(false);
    expect(
      userFromIdToken({ payload: { sub: 's3', email: 'c@b.it', 'cognito:groups': ['collaborator'] } }),
    ).toMatchObject({ role: 'collaborator', isAdmin: false });
    expect(userFromIdToken(undefined)).toBeNull();
  });

  it('reads the MFA state of the session from the aurum_mfa claim only', () => {
    expect(
      userFromIdToken({ payload: { sub: 's1', 'cognito:groups': ['collaborator'], aurum_mfa: 'totp' } })?.mfa,
    ).toBe(true);
    expect(userFromIdToken({ payload: { sub: 's1', 'cognito:groups': ['admin'], aurum_mfa: 'sms' } })?.mfa).toBe(true);
    expect(
      userFromIdToken({ payload: { sub: 's1', 'cognito:groups': ['collaborator'], aurum_mfa: 'none' } })?.mfa,
    ).toBe(false);
    expect(userFromIdToken({ payload: { sub: 's1', 'cognito:groups': ['collaborator'] } })?.mfa).toBe(false);
  });
});

describe('profile tabs', () => {
  it('parses ?tab= and defaults to ordini', () => {
    expect(parseTab('indirizzi')).toBe('indirizzi');
    expect(parseTab(null)).toBe('ordini');
    expect(parseTab('boh')).toBe('ordini');
  });
});

describe('address form', () => {
  const valid = {
    ...EMPTY_ADDRESS,
    full_name: 'Mario Rossi',
    line1: 'Via Sparano 12',
    postal_code: '70121',
    city: 'Bari',
    province: 'ba',
  };

  it('accepts an Italian address and normalises it', () => {
    const r = validateAddress(valid);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.body).toMatchObject({ country: 'IT', line2: null, phone: null, is_default: false });
  });
  it('names the invalid fields like the API does', () => {
    const r = validateAddress({ ...valid, postal_code: '7012', province: '', full_name: '' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.postal_code).toBe("Il campo 'CAP' non è valido.");
      expect(r.errors.province).toBe("Il campo 'Provincia' è obbligatorio.");
      expect(r.errors.full_name).toBe("Il campo 'Nome e cognome' è obbligatorio.");
    }
  });
  it('lets a foreign address skip the Italian rules', () => {
    expect(validateAddress({ ...valid, country: 'DE', postal_code: '1011', province: '' }).ok).toBe(true);
  });
  it('rejects a malformed phone', () => {
    const r = validateAddress({ ...valid, phone: 'abc' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.phone).toBe("Il campo 'Telefono' non è valido.");
  });
  it('knows its fields and formats the city line', () => {
    expect(isAddressField('postal_code')).toBe(true);
    expect(isAddressField('user_id')).toBe(false);
    expect(cityLine({ postal_code: '70121', city: 'Bari', province: 'BA' })).toBe('70121 Bari (BA)');
  });
});

describe('formatItalianDate', () => {
  it('formats ISO dates in Italian and tolerates missing ones', () => {
    expect(formatItalianDate('2026-03-12T10:00:00.000Z')).toBe('12 marzo 2026');
    expect(formatItalianDate(null)).toBe('—');
    expect(formatItalianDate('nope')).toBe('—');
  });
});
