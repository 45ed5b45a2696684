/** Structured logger (Powertools), one per container. */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'aurum-shop', logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO' });
