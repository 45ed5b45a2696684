/**
 * Which branch stages the daily sweep removes (scripts/stale-stages.ts): a stage whose branch is
 * gone, or not deployed for more than the allowed idle days; never production.
 */
import { describe, expect, it } from 'vitest';
import { branchNames, report, stageAges, type StackSummary } from './stale-stages';

const NOW = new Date('2026-12-01T12:00:00Z');
const stack = (name: string, created: string, updated?: string): StackSummary => ({
  StackName: name,
  CreationTime: created,
  ...(updated ? { LastUpdatedTime: updated } : {}),
});

describe('stale branch stages', () => {
  const stacks = [
    stack('Aurum-main-Api', '2026-01-01T00:00:00Z'),
    stack('Aurum-feature-cart-Data', '2026-11-01T00:00:00Z'),
    stack('Aurum-feature-cart-Api', '2026-11-01T00:00:00Z', '2026-11-29T12:00:00Z'),
    stack('Aurum-old-work-Web', '2026-11-01T00:00:00Z', '2026-11-20T12:00:00Z'),
    stack('Aurum-gone-Api', '2026-11-30T00:00:00Z'),
    stack('Aurum-DeployRole', '2026-01-01T00:00:00Z'),
    stack('CDKToolkit', '2026-01-01T00:00:00Z'),
  ];
  const branches = ['main', 'feature/cart', 'old-work'];

  it('ages a stage from the last deploy of any of its stacks, and removes the idle and the orphaned ones', () => {
    expect(stageAges(stacks, branches, NOW, 7)).toEqual([
      {
        stage: 'old-work',
        lastDeploy: '2026-11-20T12:00:00.000Z',
        idleDays: 11,
        branch: 'old-work',
        remove: true,
        reason: 'not deployed for more than 7 days',
      },
      {
        stage: 'feature-cart',
        lastDeploy: '2026-11-29T12:00:00.000Z',
        idleDays: 2,
        branch: 'feature/cart',
        remove: false,
        reason: 'in use',
      },
      {
        stage: 'gone',
        lastDeploy: '2026-11-30T00:00:00.000Z',
        idleDays: 1,
        branch: null,
        remove: true,
        reason: 'no branch deploys to it',
      },
    ]);
  });

  it('never lists the production stage, even without a main branch', () => {
    expect(stageAges(stacks, [], NOW, 0).map((a) => a.stage)).not.toContain('main');
  });

  it('reads git ls-remote lines and bare names; ends the report with the stages to remove', () => {
    expect(branchNames(`${'a'.repeat(40)}\trefs/heads/feature/cart\nold-work\n`)).toEqual(['feature/cart', 'old-work']);
    expect(
      report(stageAges(stacks, branches, NOW, 7))
        .split('\n')
        .at(-1),
    ).toBe('remove: old-work gone');
  });
});
