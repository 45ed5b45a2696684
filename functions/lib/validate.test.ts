import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseInput, parseJsonBody } from './validate';
import { AppError } from './errors';
import { productListQuerySchema } from '../../shared/schemas';

function error(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected an error');
}

describe('input validation: 400 with an Italian message naming the field', () => {
  it('names an invalid id', () => {
    const e = error(() => parseInput(z.uuid(), 'abc', 'id'));
    expect(e.statusCode).toBe(400);
    expect(e.field).toBe('id');
    expect(e.message).toBe("Il campo 'id' non è un identificativo valido.");
  });
  it('names an unknown query parameter', () => {
    const e = error(() => parseInput(productListQuerySchema, { colore: 'oro' }));
    expect(e.field).toBe('colore');
  });
  it('names a nested field', () => {
    const e = error(() =>
      parseInput(z.object({ line: z.object({ quantity: z.number().check(z.int(), z.gte(1)) }) }), {
        line: { quantity: 0 },
      }),
    );
    expect(e.field).toBe('line.quantity');
    expect(e.message).toBe("Il campo 'line.quantity' non è valido.");
  });
  it('says required only for a missing field, invalid for a value of the wrong kind', () => {
    const schema = z.object({ price_cents: z.number().check(z.int()) });
    expect(error(() => parseInput(schema, {}, '', { price_cents: 'Prezzo' })).message).toBe(
      "Il campo 'Prezzo' è obbligatorio.",
    );
    expect(error(() => parseInput(schema, { price_cents: 10.5 }, '', { price_cents: 'Prezzo' })).message).toBe(
      "Il campo 'Prezzo' non è valido.",
    );
    expect(error(() => parseInput(schema, { price_cents: '10' }, '', { price_cents: 'Prezzo' })).message).toBe(
      "Il campo 'Prezzo' non è valido.",
    );
    expect(error(() => parseInput(schema, { price_cents: null })).message).toBe("Il campo 'price_cents' non è valido.");
  });
  it('accepts valid input and rejects malformed JSON', () => {
    expect(parseInput(productListQuerySchema, { q: ' manubri ' })).toEqual({ q: 'manubri' });
    expect(error(() => parseJsonBody('{oops')).message).toBe('Il corpo della richiesta non è un JSON valido.');
    expect(parseJsonBody(Buffer.from('{"a":1}').toString('base64'), true)).toEqual({ a: 1 });
  });
});
