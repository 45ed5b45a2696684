import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '../../api/client';
import { schemaErrors, serverFieldError } from './form-errors';

describe('back-office form errors', () => {
  const schema = z.strictObject({
    name: z.string().check(z.minLength(1)),
    cost_cents: z.number().check(z.int(), z.gte(0)),
  });

  it('words a missing field as required and a wrong one as invalid, with the Italian label', () => {
    const input = { name: '', cost_cents: -1 };
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    if (!r.success)
      expect(schemaErrors(r.error, input, { name: 'Nome', cost_cents: 'Costo' })).toEqual({
        name: "Il campo 'Nome' è obbligatorio.",
        cost_cents: "Il campo 'Costo' non è valido.",
      });
    const wrong = { name: 'Standard', cost_cents: 'quattro' };
    const w = schema.safeParse(wrong);
    if (!w.success)
      expect(schemaErrors(w.error, wrong, { cost_cents: 'Costo' })).toEqual({
        cost_cents: "Il campo 'Costo' non è valido.",
      });
    const missing = {} as Record<string, unknown>;
    const m = schema.safeParse(missing);
    if (!m.success)
      expect(schemaErrors(m.error, missing, { name: 'Nome', cost_cents: 'Costo' })).toEqual({
        name: "Il campo 'Nome' è obbligatorio.",
        cost_cents: "Il campo 'Costo' è obbligatorio.",
      });
  });

  it('takes the field of a server 400 or 409, nothing else', () => {
    expect(serverFieldError(new ApiError(409, 'Esiste già il codice "X".', 'code'))).toEqual({
      field: 'code',
      message: 'Esiste già il codice "X".',
    });
    expect(serverFieldError(new ApiError(400, 'Il campo x non è valido.', 'x'))).toEqual({
      field: 'x',
      message: 'Il campo x non è valido.',
    });
    expect(serverFieldError(new ApiError(404, 'Non trovato.'))).toBeNull();
    expect(serverFieldError(new Error('boom'))).toBeNull();
  });
});
