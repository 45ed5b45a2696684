import { describe, expect, it } from 'vitest';
import { diffFields } from './audit';

describe('audit diff', () => {
  it('keeps only the changed fields with before and after', () => {
    expect(
      diffFields(
        { status: 'In elaborazione', total_cents: 100, tracking_number: null },
        { status: 'Spedito', total_cents: 100, tracking_number: 'BRT1' },
      ),
    ).toEqual({
      status: { before: 'In elaborazione', after: 'Spedito' },
      tracking_number: { before: null, after: 'BRT1' },
    });
  });

  it('records creates and deletes field by field', () => {
    expect(diffFields(null, { name: 'Panca' })).toEqual({ name: { before: null, after: 'Panca' } });
    expect(diffFields({ name: 'Panca' }, null)).toEqual({ name: { before: 'Panca', after: null } });
  });

  it('never copies secret values', () => {
    expect(diffFields({ api_key: 'old' }, { api_key: 'new' })).toEqual({ api_key: { before: '***', after: '***' } });
  });
});
