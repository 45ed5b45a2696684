/** EventBridge rate expressions, shared by the CDK schedule and the local scheduler's timer. */
import { describe, expect, it } from 'vitest';
import { rateToMs } from './definitions';
import { SCHEDULED_JOBS } from '../functions/triggers';

describe('rateToMs', () => {
  it.each([
    ['rate(1 minute)', 60_000],
    ['rate(5 minutes)', 300_000],
    ['rate(1 hour)', 3_600_000],
    ['rate(2 days)', 172_800_000],
  ])('%s = %i ms', (e, ms) => {
    expect(rateToMs(e)).toBe(ms);
  });

  it.each(['rate(1 hours)', 'rate(3 minute)', 'rate(0 minutes)', 'cron(0 * * * ? *)', 'ogni ora', ''])(
    'refuses %j',
    (e) => {
      expect(() => rateToMs(e)).toThrow(/not a rate expression/);
    },
  );

  it("reads every scheduled job's expression", () => {
    for (const job of SCHEDULED_JOBS) expect(rateToMs(job.schedule)).toBeGreaterThan(0);
  });
});
