/**
 * Logging defaults of the local runtime, set before any function module creates its Powertools
 * logger or metrics (they read the environment once, when created): warnings and errors only,
 * readable (indented) JSON, metrics off. Import this module first; LOG_LEVEL=INFO npm start shows
 * every line, POWERTOOLS_METRICS_DISABLED=false the EMF metrics.
 */
process.env.LOG_LEVEL ??= 'WARN';
process.env.POWERTOOLS_DEV ??= 'true';

export {};
