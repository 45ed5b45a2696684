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
    ['a'.repeat(20), 'a'.repeat(20)],
    // Cut names: first 13 characters, '-', 6 hex of sha256(whole sanitised name) (worked out by hand with sha256sum).
    ['a'.repeat(40), 'aaaaaaaaaaaaa-e33cdf'],
    ['feature/abcdefghijklmn-x', 'feature-abcde-0964f5'],
    ['feature/checkout-improvements-a', 'feature-check-f9d606'],
  ])('sanitises %j to %j', (raw, expected) => {
    expect(sanitiseStage(raw)).toBe(expected);
  });

  it('never maps two branches that share their first 20 characters to the same stage', () => {
    const a = sanitiseStage('feature/checkout-improvements-a');
    const b = sanitiseStage('feature/checkout-improvements-b');
    expect(a).not.toBe(b);
    for (const stage of [a, b]) {
      expect(stage.length).toBeLessThanOrEqual(20);
      expect(stage).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('is stable: a stage name passed again as -c stage= stays the same', () => {
    const once = sanitiseStage('feature/checkout-improvements-a');
    expect(sanitiseStage(once)).toBe(once);
    expect(sanitiseStage('Feature/Checkout_Improvements-A')).toBe(once);
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
