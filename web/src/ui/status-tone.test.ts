import { describe, expect, it } from 'vitest';
import { statusTone } from './status-tone';

describe('order status tones', () => {
  it('colours the four statuses yellow, blue, green, red', () => {
    expect(statusTone('In elaborazione')).toBe('yellow');
    expect(statusTone('Spedito')).toBe('blue');
    expect(statusTone('Completato')).toBe('green');
    expect(statusTone('Annullato')).toBe('red');
    expect(statusTone('Sconosciuto')).toBe('grey');
  });
});
