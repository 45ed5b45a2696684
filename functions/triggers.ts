/**
 * Lambda functions that are not API routes: Cognito triggers. Each `x` has its entry at
 * functions/triggers/x.ts exporting `handler`. The CDK auth stack wires them; the local runtime
 * invokes the same handlers through infra/local/twins/lambda.ts.
 */
export const TRIGGER_FUNCTIONS = ['post-confirmation', 'pre-token-generation', 'custom-message'] as const;
export type TriggerFunctionName = (typeof TRIGGER_FUNCTIONS)[number];

/**
 * Scheduled jobs: each `x` has its entry at functions/jobs/x.ts exporting `handler`, and runs on
 * the given EventBridge Scheduler expression in the cloud (the local runtime runs the same
 * handler on a timer).
 */
export const SCHEDULED_JOBS = [
  {
    name: 'release-reservations',
    schedule: 'rate(5 minutes)',
    description: 'Release stock of expired checkout sessions',
  },
  {
    name: 'lift-expired-bans',
    schedule: 'rate(15 minutes)',
    description: 'Enable again the accounts whose temporary ban has ended',
  },
  // Default rate; a stage can change it with `-c stockSyncRate=...` (CDK) / STOCK_SYNC_RATE (local runtime).
  { name: 'stock-sync', schedule: 'rate(1 hour)', description: 'Sync supplier stock levels' },
  {
    name: 'email-retry',
    schedule: 'rate(5 minutes)',
    description: 'Send email jobs whose earlier sends failed (retry sweep)',
  },
  {
    name: 'reconcile-payments',
    schedule: 'rate(1 hour)',
    description: 'Apply Stripe payments, refunds and memberships whose webhook never arrived; retry pending refunds',
  },
  {
    name: 'erase-orphan-profiles',
    schedule: 'rate(1 day)',
    description: 'Erase the data of accounts whose Cognito user was deleted directly (GDPR art. 17)',
  },
] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOBS)[number]['name'];
