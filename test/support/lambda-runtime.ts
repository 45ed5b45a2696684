/**
 * How the local runtime runs a function in-process: as that function (its grants checked by the
 * IAM guard) with a Lambda context. Kept apart from local-runtime.ts, whose seed modules load the
 * functions' logger at import: a test that sets the logger's environment first imports only this.
 */
export { runAsFunction } from '../../infra/local/iam-guard';
export { localLambdaContext } from '../../infra/local/lambda-context';
