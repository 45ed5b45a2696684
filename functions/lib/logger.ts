/** Structured logger (Powertools), one per container. */
import { Logger } from '@aws-lambda-powertools/logger';
import { installMappedStacks } from './mapped-stacks';

// Inside a deployed bundle, stacks in logs name the TypeScript sources (mapped on first use).
installMappedStacks(import.meta.url);

export const logger = new Logger({
  serviceName: 'aurum-shop',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
