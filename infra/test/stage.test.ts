/** Stage names: sanitising of branch / context values (infra/stage.ts) and stack naming. */
import { describe, expect, it } from 'vitest';
import { stackName } from '../cdk-app';
import { resolveStage, sanitiseStage } from '../stage';
import { bucketName, isRetainedStage } from '../stacks/stage-settings';
import { App, Stack } from 'aws-cdk-lib';

describe('stage names', () => {
  it.each([
    ['Feature/X_y', 'feature-x-y'],
    ['main', 'main'],
    ['feature/Cart_v2', 'feature-cart-v2'],
    ['--Weird__Name--', 'weird-name'],
    ['', 'dev'],
    ['a'.repeat(40), 'a'.repeat(20)],
    ['feature/abcdefghijklmn-x', 'feature-abcdefghijkl'],
  ])('sanitises %j to %j', (raw, expected) => {
    expect(sanitiseStage(raw)).toBe(expected);
  });

  it('prefers an explicit stage over the git branch', () => {
    expect(resolveStage('Feature/X_y')).toBe('feature-x-y');
    expect(resolveStage('  ')).toMatch(/^[a-z0-9-]{1,20}$/);
  });

  it('names stacks Aurum-<stage>-<part>', () => {
    expect(stackName('feature-x-y', 'Api')).toBe('Aurum-feature-x-y-Api');
  });

  it('retains data only on main', () => {
    expect(isRetainedStage('main')).toBe(true);
    expect(isRetainedStage('feature-x')).toBe(false);
  });

  it('keeps the longest bucket name within the S3 limit of 63 characters', () => {
    const stack = new Stack(new App(), 'S', { env: { account: '123456789012', region: 'eu-south-1' } });
    expect(bucketName(stack, 'aurum-product-images', 'x'.repeat(20)).length).toBeLessThanOrEqual(63);
  });
});
