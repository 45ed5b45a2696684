/**
 * Lambda functions that are not API routes: Cognito triggers. Each `x` has its entry at
 * functions/triggers/x.ts exporting `handler`. The CDK auth stack wires them; the local runtime
 * invokes the same handlers through infra/local/lambda-invoke.ts.
 */
export const TRIGGER_FUNCTIONS = ['post-confirmation'] as const;
export type TriggerFunctionName = (typeof TRIGGER_FUNCTIONS)[number];
