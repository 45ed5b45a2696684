import { describe, expect, it } from 'vitest';
import { shortOrderId, statusTone } from './order-display';

describe('how an order is shown', () => {
  it('shows the first 8 characters of the order id', () => {
    expect(shortOrderId('3f2a9c1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b')).toBe('3f2a9c1e');
    expect(shortOrderId('abc')).toBe('abc');
  });

  it('colours the four statuses yellow, blue, green, red', () => {
    expect(statusTone('In elaborazione')).toBe('yellow');
    expect(statusTone('Spedito')).toBe('blue');
    expect(statusTone('Completato')).toBe('green');
    expect(statusTone('Annullato')).toBe('red');
    expect(statusTone('Sconosciuto')).toBe('grey');
  });
});
