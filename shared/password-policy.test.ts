import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, passwordPolicyError } from './password-policy';

describe('password policy (same locally and in the cloud)', () => {
  it('accepts 8+ characters with upper, lower and a digit', () => {
    expect(passwordPolicyError('Aurum2026')).toBeNull();
    expect(passwordPolicyError('Membro2026!')).toBeNull();
  });
  it('refuses short passwords or missing character classes with the Italian rule', () => {
    for (const p of ['Ab1', 'aurum2026', 'AURUM2026', 'AurumFitness', ''])
      expect(passwordPolicyError(p)).toBe(PASSWORD_RULE_MESSAGE);
  });
});
