/**
 * `npm start`: runs the whole shop on this machine (no Docker, no AWS account) and prints the
 * shop URL and the demo accounts. Data persists in .local-data/ (git-ignored); `npm run reset`
 * wipes it. Ctrl-C stops every child process.
 *
 * Ports (env): PORT (shop, 3000), DYNAMODB_PORT (8000), S3_PORT (4569), COGNITO_PORT (9229),
 * STRIPE_PORT (fake Stripe API and hosted checkout page, 12111), SUPPLIER_PORT (fake supplier,
 * 12130), SNS_PORT (SNS stand-in, 12140), SECRETS_MANAGER_PORT (Secrets Manager stand-in, 12150),
 * MAIL_PORT (MailDev's web inbox, where every email the shop sends arrives, 1080) and
 * MAIL_SMTP_PORT (its SMTP server, 1025).
 * STOCK_SYNC_RATE changes the stock sync's rate (default the cloud's 'rate(1 hour)');
 * STOCK_SYNC_ON_START=0 skips the sync at start. Codes are random and go to the console and
 * <data folder>/outbox.log; COGNITO_FIXED_CODE fixes every emailed/SMS code instead.
 */
import path from 'node:path';
import { startLocalStack } from './stack';
import { localDataDir } from './paths';
import { PortInUseError } from './ports';

const started = Date.now();
const ports = {
  web: Number(process.env.PORT ?? 3000),
  dynamodb: Number(process.env.DYNAMODB_PORT ?? 8000),
  s3: Number(process.env.S3_PORT ?? 4569),
  cognito: Number(process.env.COGNITO_PORT ?? 9229),
  stripe: Number(process.env.STRIPE_PORT ?? 12111),
  supplier: Number(process.env.SUPPLIER_PORT ?? 12130),
  sns: Number(process.env.SNS_PORT ?? 12140),
  secretsManager: Number(process.env.SECRETS_MANAGER_PORT ?? 12150),
  mailWeb: Number(process.env.MAIL_PORT ?? 1080),
  mailSmtp: Number(process.env.MAIL_SMTP_PORT ?? 1025),
};
const dataDir = localDataDir();

try {
  const stack = await startLocalStack({
    dataDir,
    ports,
    fixedCode: process.env.COGNITO_FIXED_CODE,
    log: (m) => console.log(`  ${m}`),
    // The seeded supplier links get their first levels at once (STOCK_SYNC_ON_START=0 turns it off, e.g. in the e2e run).
    initialStockSync: process.env.STOCK_SYNC_ON_START !== '0',
    // The WAF's per-IP limits (CLIENT_RATE_LIMITS=0 turns them off: the e2e run's shoppers all share 127.0.0.1).
    clientRateLimits: process.env.CLIENT_RATE_LIMITS !== '0',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n✦ Aurum Fitness è pronto in ${seconds} s: ${stack.url}`);
  console.log(`  Email inviate dal negozio (MailDev): ${stack.mailInboxUrl}\n`);
  console.log('  Account demo (solo locale):');
  for (const a of stack.accounts) console.log(`    ${a.label.padEnd(16)} ${a.email.padEnd(38)} ${a.password}`);
  console.log('\n  Verifica a due fattori dello staff (obbligatoria per il pannello):');
  for (const a of stack.accounts.filter((x) => x.totpSecret))
    console.log(`    ${a.label.padEnd(16)} app di autenticazione, chiave ${a.totpSecret}`);
  for (const a of stack.accounts.filter((x) => x.role === 'admin'))
    console.log(`    ${a.label.padEnd(16)} codice SMS stampato qui sotto e in ${path.join(dataDir, 'outbox.log')}`);
  console.log(`\n  Dati in ${dataDir} (npm run reset per azzerarli). Ctrl-C per fermare.\n`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: arresto dei servizi...`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n✖ ${error.message}\n`);
  } else {
    console.error('\n✖ Avvio non riuscito:', error);
  }
  process.exit(1);
}
