/**
 * Defaults of the local runtime's process, set before any function module creates its Powertools
 * logger or metrics or its AWS SDK clients (they read the environment once, when created). Import
 * this module first.
 *  - Logging: warnings and errors only, readable (indented) JSON, metrics off. LOG_LEVEL=INFO
 *    npm start shows every line, POWERTOOLS_METRICS_DISABLED=false the EMF metrics.
 *  - Each AWS SDK attempt waits up to LOCAL_AWS_REQUEST_TIMEOUT_MS for its answer instead of the
 *    stages' 2 s (functions/lib/aws-client-config.ts says why).
 */
import { LOCAL_REQUEST_TIMEOUT_ENV } from '../../functions/lib/aws-client-config';

/** Each AWS SDK attempt's answer timeout in the local runtime, ms (the stages keep the policy's 2 s). */
export const LOCAL_AWS_REQUEST_TIMEOUT_MS = 10_000;

process.env.LOG_LEVEL ??= 'WARN';
process.env.POWERTOOLS_DEV ??= 'true';
process.env[LOCAL_REQUEST_TIMEOUT_ENV] ??= String(LOCAL_AWS_REQUEST_TIMEOUT_MS);
