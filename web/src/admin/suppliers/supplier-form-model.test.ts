/** The supplier form's checks match the server's rules (the supplier validation rule). */
import { describe, expect, it } from 'vitest';
import { EMPTY_SUPPLIER_FORM, fromSupplier, supplierFormErrors } from './supplier-form-model';

describe('supplierFormErrors', () => {
  it('needs a name; other fields may stay empty', () => {
    expect(supplierFormErrors(EMPTY_SUPPLIER_FORM)).toEqual({ name: "Il campo 'Nome' è obbligatorio." });
    expect(supplierFormErrors({ ...EMPTY_SUPPLIER_FORM, name: 'Ferro Sud' })).toEqual({});
  });

  it('names each invalid field', () => {
    expect(
      supplierFormErrors({
        ...EMPTY_SUPPLIER_FORM,
        name: 'X',
        notification_email: 'no',
        api_url: 'ftp://x.it',
        domain_name: 'a b',
      }),
    ).toEqual({
      notification_email: "Il campo 'Email notifiche' non è valido.",
      api_url: "Il campo 'URL API scorte' non è valido.",
      domain_name: "Il campo 'Dominio' non è valido.",
    });
  });

  it('starts an edit with an empty API key (write-only)', () => {
    const values = fromSupplier({
      id: 's',
      name: 'Ferro',
      api_url: 'https://f.it/api',
      has_api_key: true,
      notification_email: null,
      domain_name: 'f.it',
      default_shipping_method_id: null,
      default_shipping_method_name: null,
      created_at: '',
      updated_at: '',
    });
    expect(values).toEqual({
      name: 'Ferro',
      api_url: 'https://f.it/api',
      api_key: '',
      notification_email: '',
      domain_name: 'f.it',
      default_shipping_method_id: '',
    });
  });
});
