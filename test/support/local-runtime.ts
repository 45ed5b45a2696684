/**
 * The parts of the local runtime (infra/local) that the functions' tests start or read: the
 * functions' own code never imports infra/, so their tests reach it through this module.
 */
export { ensureTable } from '../../infra/local/bootstrap';
export { startFakeSupplier, type FakeSupplier } from '../../infra/local/stand-ins/supplier/server';
export { guardClient, runAsFunction } from '../../infra/local/gateway/iam-guard';
export { localLambdaContext } from '../../infra/local/stand-ins/lambda-context';
export { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/local-aws';
export { freePort } from '../../infra/local/ports';
export { SEED_PLANS } from '../../infra/local/seed/catalog-data';
export { SEED_FIXTURES } from '../../infra/local/seed/seed-catalog';
export { MailDevInbox, setSmtpOutage, type InboxEmail } from '../../infra/local/stand-ins/maildev';
