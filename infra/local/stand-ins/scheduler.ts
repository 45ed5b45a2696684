/**
 * The local stand-in of EventBridge Scheduler: the schedules of a stage, as timers (the email
 * retry sweep at its cloud rate, 'email-retry' in SCHEDULED_JOBS, run as that function).
 *  - The reservation expiry sweep, every SWEEP_INTERVAL_MS, run as the 'release-reservations'
 *    function (its SDK calls checked against that function's grants).
 *  - The lifting of ended bans at the cloud's rate, run as the 'lift-expired-bans' function.
 *  - The erasure of orphan profiles (Cognito user deleted directly) once a day, run as the
 *    'erase-orphan-profiles' function.
 *  - The payments reconciliation at the cloud's rate, run as the 'reconcile-payments' function
 *    (`reconcilePayments` runs it now, for tests).
 *  - The stock sync at the stage's rate (STOCK_SYNC_RATE, else the cloud's default): the same
 *    asynchronous invoke of the job with the scheduler's event (`{ "trigger": "schedule" }`),
 *    through the real Lambda client and the Lambda-invoke stand-in (AWS_ENDPOINT_URL_LAMBDA).
 */
import { rateToMs, STOCK_SYNC_RATE_ENV } from '../../definitions';
import { SCHEDULED_JOBS } from '../../../functions/triggers';
import { runAsFunction } from '../gateway/iam-guard';
import { LOCAL_STOCK_SYNC_FUNCTION, observeAsyncInvokes, settleAsyncInvokes } from './lambda';

/** How often the local runtime runs the reservation expiry sweep (EventBridge Scheduler in the cloud). */
export const SWEEP_INTERVAL_MS = 60_000;

/** The stock-sync rate: STOCK_SYNC_RATE when set, else the SCHEDULED_JOBS default (the cloud's). */
export function stockSyncRate(env: NodeJS.ProcessEnv = process.env): string {
  return env[STOCK_SYNC_RATE_ENV] || SCHEDULED_JOBS.find((j) => j.name === 'stock-sync')!.schedule;
}

export interface LocalSchedules {
  /** Runs the expiry sweep now (tests). */
  sweep(now?: Date): Promise<{ released: number; fulfilled: number }>;
  /** Runs the email retry sweep now (tests). */
  sweepEmails(now?: Date): Promise<Record<string, number>>;
  /** Fires the scheduled stock sync now, exactly as the timer does. */
  scheduleStockSync(): Promise<void>;
  /** The rate expression of the stock sync, e.g. 'rate(1 hour)'. */
  stockSyncRate: string;
  /** Stops the timers and waits for asynchronous invocations still running. */
  stop(): Promise<void>;
}

/**
 * Starts both schedules (the functions' environment must be in process.env already).
 * @param log receives the outcome of each stock-sync run (Italian, for the console)
 */
export async function startSchedules(log: (message: string) => void): Promise<LocalSchedules> {
  const { sweepExpiredReservations } = await import('../../../functions/checkout/abandon');
  const sweep = (now?: Date) => runAsFunction('release-reservations', () => sweepExpiredReservations(now));
  const sweepTimer = setInterval(() => {
    sweep().catch((e) => console.error('[sweep]', e));
  }, SWEEP_INTERVAL_MS);
  sweepTimer.unref();

  const { liftExpiredBans } = await import('../../../functions/jobs/lift-expired-bans');
  const liftBansTimer = setInterval(
    () => {
      runAsFunction('lift-expired-bans', () => liftExpiredBans()).catch((e) => console.error('[bans]', e));
    },
    rateToMs(SCHEDULED_JOBS.find((j) => j.name === 'lift-expired-bans')!.schedule),
  );
  liftBansTimer.unref();

  const { eraseOrphanProfiles } = await import('../../../functions/jobs/erase-orphan-profiles');
  const orphanTimer = setInterval(
    () => {
      runAsFunction('erase-orphan-profiles', () => eraseOrphanProfiles()).catch((e) => console.error('[orphans]', e));
    },
    rateToMs(SCHEDULED_JOBS.find((j) => j.name === 'erase-orphan-profiles')!.schedule),
  );
  orphanTimer.unref();

  const { reconcilePayments: reconcile } = await import('../../../functions/jobs/reconcile-payments');
  const reconcilePayments = (opts?: Parameters<typeof reconcile>[0]) =>
    runAsFunction('reconcile-payments', () => reconcile(opts));
  const reconcileTimer = setInterval(
    () => {
      reconcilePayments().catch((e) => console.error('[reconcile-payments]', e));
    },
    rateToMs(SCHEDULED_JOBS.find((j) => j.name === 'reconcile-payments')!.schedule),
  );
  reconcileTimer.unref();

  // The email retry sweep at its cloud rate, as the 'email-retry' function (its grants), once now:
  // jobs left pending while the runtime was stopped go out at start.
  const { sweepEmailJobs } = await import('../../../functions/jobs/email-retry');
  const sweepEmails = (now?: Date) => runAsFunction('email-retry', () => sweepEmailJobs(now));
  const emailRate = SCHEDULED_JOBS.find((j) => j.name === 'email-retry')!.schedule;
  const emailTimer = setInterval(() => {
    sweepEmails().catch((e) => console.error('[email-retry]', e));
  }, rateToMs(emailRate));
  emailTimer.unref();
  void sweepEmails().catch((e) => console.error('[email-retry]', e));

  const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
  const lambda = new LambdaClient({});
  const scheduleStockSync = async () => {
    await lambda.send(
      new InvokeCommand({
        FunctionName: LOCAL_STOCK_SYNC_FUNCTION,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify({ trigger: 'schedule' })),
      }),
    );
  };
  observeAsyncInvokes((name, { result, error }) => {
    if (name !== 'stock-sync') return;
    if (error) log(`[scorte] sincronizzazione fallita: ${error.message}`);
    else if (result && typeof result === 'object' && 'run_id' in result) {
      const r = result as unknown as { checked: number; changed: number; failed: number };
      log(
        `[scorte] sincronizzazione completata: ${r.checked} prodotti controllati, ${r.changed} cambiati, ${r.failed} con errori.`,
      );
    }
  });
  const rate = stockSyncRate();
  const syncTimer = setInterval(() => {
    scheduleStockSync().catch((e) => console.error('[stock-sync]', e));
  }, rateToMs(rate));
  syncTimer.unref();

  return {
    sweep,
    sweepEmails,
    scheduleStockSync,
    stockSyncRate: rate,
    stop: async () => {
      clearInterval(sweepTimer);
      clearInterval(liftBansTimer);
      clearInterval(orphanTimer);
      clearInterval(reconcileTimer);
      clearInterval(emailTimer);
      clearInterval(syncTimer);
      observeAsyncInvokes(null);
      await settleAsyncInvokes();
      lambda.destroy();
    },
  };
}
