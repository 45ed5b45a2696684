import { describe, expect, it } from 'vitest';
import { sessionAfterChanges } from './access';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('staff sessions begin after the last change of role or factor', () => {
  it('accepts any session when nothing changed', () => {
    expect(sessionAfterChanges(null, {})).toBe(true);
    expect(sessionAfterChanges(1, {})).toBe(true);
  });
  it('refuses a session authenticated before a role change, even by one second', () => {
    const profile = { role_changed_at: '2026-03-01T10:00:00.400Z' };
    expect(sessionAfterChanges(at('2026-03-01T09:59:59Z'), profile)).toBe(false);
    expect(sessionAfterChanges(at('2026-03-01T10:00:00Z'), profile)).toBe(true);
    expect(sessionAfterChanges(null, profile)).toBe(false);
  });
  it("allows the trigger's 5 seconds between a sign-in and the factor change it records, not more", () => {
    const profile = { mfa_changed_at: '2026-03-01T10:00:05.000Z' };
    expect(sessionAfterChanges(at('2026-03-01T10:00:00Z'), profile)).toBe(true);
    expect(sessionAfterChanges(at('2026-03-01T09:59:59Z'), profile)).toBe(false);
  });
  it('takes the later of the two changes', () => {
    const profile = { role_changed_at: '2026-03-02T00:00:00Z', mfa_changed_at: '2026-03-01T00:00:00Z' };
    expect(sessionAfterChanges(at('2026-03-01T12:00:00Z'), profile)).toBe(false);
  });
});
