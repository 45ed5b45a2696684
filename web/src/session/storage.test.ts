import { describe, expect, it } from 'vitest';
import { COGNITO_STORAGE_PREFIX, hasStoredSession } from './storage';

const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });

describe('stored Cognito session detection (Amplify loads only when true)', () => {
  it('is false for a visitor and true once Cognito tokens are stored', () => {
    expect(hasStoredSession(storage([]))).toBe(false);
    expect(hasStoredSession(storage(['aurum-theme']))).toBe(false);
    expect(hasStoredSession(storage(['aurum-theme', `${COGNITO_STORAGE_PREFIX}client.LastAuthUser`]))).toBe(true);
  });
});
