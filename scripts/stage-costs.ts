/**
 * `npm run stage-costs [-- --out cdk.out]`: the monthly cost of the synthesised stage in `cdk.out`
 * (`npm run synth -- -c stage=…` first), from what its templates hold (alarms, dashboards, the
 * canary's rate, secrets, web ACLs and their rules, functions, log metric filters) and the dated
 * list prices of PRICES, at 0, 1,000, 10,000 and 100,000 orders a month with the traffic model of
 * TRAFFIC_PER_ORDER. Prints a Markdown table (docs/operations.md, "What a stage costs"). Free tiers
 * that expire after 12 months are left out; the always-free ones (CloudFront's first 1 TB and 10
 * million requests, Lambda's 1 million requests and 400,000 GB-s, Cognito's first 10,000 monthly
 * users, EventBridge Scheduler's 14 million invocations, 3 free dashboards per account) are applied.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * List prices in USD (AWS public price pages, US East (N. Virginia); Europe (Milan) is about 10 %
 * higher on compute and requests). Written down on 2026-11-28 from the pages as last read, not
 * fetched by this script: check them before budgeting.
 */
export const PRICES = {
  date: '2026-11-28',
  alarmMetric: 0.1, // per alarm metric a month (a metric-math alarm pays for each metric in it)
  compositeAlarm: 0.5,
  dashboard: 3, // beyond 3 per account
  customMetric: 0.3,
  canaryRun: 0.0012,
  secret: 0.4,
  webAcl: 5,
  wafRule: 1,
  wafPerMillionRequests: 0.6,
  httpApiPerMillion: 1,
  lambdaPerMillion: 0.2,
  lambdaGbSecondArm: 0.0000133334,
  dynamoReadPerMillion: 0.125, // on demand
  dynamoWritePerMillion: 0.625,
  dynamoStorageGb: 0.25,
  dynamoPitrGb: 0.2,
  s3StorageGb: 0.023,
  cloudFrontGb: 0.085,
  cloudFrontPer10kHttps: 0.01,
  logsIngestGb: 0.5,
  logsStorageGb: 0.03,
  sesPerThousand: 0.1,
  xrayPerMillionTraces: 5,
  cognitoMau: 0.015, // Essentials, beyond 10,000
} as const;

/**
 * What one order brings, as modelled (the shop's pages and API, docs/performance.md): 20 visits
 * per order (5 % conversion), 4 page views a visit, 6 API calls a page view, 0.4 MB served per page
 * view after caching, 3 read units per API call, 40 write units per order (order, lines, stock,
 * reservation, email jobs, audit), 4 emails per order, 1 KB of logs per API call, 0.8 signed-in
 * users a month per order (buyers, some returning; visitors browse without an account).
 */
export const TRAFFIC_PER_ORDER = {
  pageViews: 80,
  apiCalls: 480,
  servedMb: 32,
  readUnits: 1_440,
  writeUnits: 40,
  emails: 4,
  logKb: 480,
  lambdaSeconds: 480 * 0.08,
  lambdaGb: 0.5,
  monthlyUsersPerOrder: 0.8,
} as const;

type Template = { Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }> };

/** What the cost depends on, counted from the templates. */
export interface StageInventory {
  stage: string;
  alarmMetrics: number;
  compositeAlarms: number;
  dashboards: number;
  canaryRunsPerMonth: number;
  customMetrics: number;
  secrets: number;
  webAcls: number;
  wafRules: number;
  functions: number;
}

/** Counts the inventory of the stage's templates. */
export function inventory(templates: readonly Template[], stage: string): StageInventory {
  const inv: StageInventory = {
    stage,
    alarmMetrics: 0,
    compositeAlarms: 0,
    dashboards: 0,
    canaryRunsPerMonth: 0,
    customMetrics: 0,
    secrets: 0,
    webAcls: 0,
    wafRules: 0,
    functions: 0,
  };
  const filterMetrics = new Set<string>();
  for (const t of templates) {
    for (const r of Object.values(t.Resources ?? {})) {
      const p = r.Properties ?? {};
      switch (r.Type) {
        case 'AWS::CloudWatch::Alarm': {
          const metrics = (p.Metrics as { MetricStat?: unknown }[] | undefined) ?? [];
          inv.alarmMetrics += metrics.length ? metrics.filter((m) => m.MetricStat).length : 1;
          break;
        }
        case 'AWS::CloudWatch::CompositeAlarm':
          inv.compositeAlarms += 1;
          break;
        case 'AWS::CloudWatch::Dashboard':
          inv.dashboards += 1;
          break;
        case 'AWS::Synthetics::Canary': {
          const expr = String((p.Schedule as { Expression?: string }).Expression);
          const m = /rate\((\d+) (minute|hour)s?\)/.exec(expr);
          const minutes = m ? Number(m[1]) * (m[2] === 'hour' ? 60 : 1) : 60;
          inv.canaryRunsPerMonth += Math.round((30 * 24 * 60) / minutes);
          break;
        }
        case 'AWS::Logs::MetricFilter':
          for (const tr of p.MetricTransformations as { MetricName: string; MetricNamespace: string }[])
            filterMetrics.add(`${tr.MetricNamespace}/${tr.MetricName}`);
          break;
        case 'AWS::SecretsManager::Secret':
          inv.secrets += 1;
          break;
        case 'AWS::WAFv2::WebACL':
          inv.webAcls += 1;
          inv.wafRules += ((p.Rules as unknown[]) ?? []).length;
          break;
        case 'AWS::Lambda::Function':
          if (String(p.FunctionName ?? '').startsWith('aurum-')) inv.functions += 1;
          break;
      }
    }
  }
  // Powertools' business metrics (service, stage): OrderCreated, CheckoutFailed, ReservationReleased, WebhookRejected.
  inv.customMetrics = filterMetrics.size + 4;
  return inv;
}

/** Monthly cost lines of a stage at `orders` orders a month (USD). */
export function monthlyCost(inv: StageInventory, orders: number): Record<string, number> {
  const P = PRICES;
  const T = TRAFFIC_PER_ORDER;
  const api = orders * T.apiCalls;
  const pageViews = orders * T.pageViews;
  const cfRequests = pageViews * 8 + api; // documents, assets, images, API through CloudFront
  const cfGb = (orders * T.servedMb) / 1024;
  const gbSeconds = orders * T.lambdaSeconds * T.lambdaGb;
  const logGb = (orders * T.logKb) / 1024 / 1024;
  const mau = orders * T.monthlyUsersPerOrder;
  const dataGb = 1 + orders / 20_000; // catalogue, images and a month of orders
  return {
    'Monitoring (alarms, dashboard, custom metrics)':
      inv.alarmMetrics * P.alarmMetric +
      inv.compositeAlarms * P.compositeAlarm +
      inv.dashboards * P.dashboard +
      inv.customMetrics * P.customMetric,
    Canary: inv.canaryRunsPerMonth * P.canaryRun,
    'WAF (web ACLs, rules, requests)':
      inv.webAcls * P.webAcl + inv.wafRules * P.wafRule + ((cfRequests + mau * 20) / 1e6) * P.wafPerMillionRequests,
    'Secrets Manager': inv.secrets * P.secret,
    'API Gateway (HTTP API)': (api / 1e6) * P.httpApiPerMillion,
    Lambda: Math.max(0, api / 1e6 - 1) * P.lambdaPerMillion + Math.max(0, gbSeconds - 400_000) * P.lambdaGbSecondArm,
    'DynamoDB (on demand, PITR)':
      ((orders * T.readUnits) / 1e6) * P.dynamoReadPerMillion +
      ((orders * T.writeUnits) / 1e6) * P.dynamoWritePerMillion +
      dataGb * (P.dynamoStorageGb + P.dynamoPitrGb),
    'CloudFront, S3':
      Math.max(0, cfGb - 1024) * P.cloudFrontGb +
      (Math.max(0, cfRequests - 10e6) / 1e4) * P.cloudFrontPer10kHttps +
      dataGb * 2 * P.s3StorageGb,
    'CloudWatch Logs, X-Ray':
      logGb * (P.logsIngestGb + P.logsStorageGb * 6) + Math.max(0, api / 1e6 - 0.1) * P.xrayPerMillionTraces * 0.05,
    'SES, Cognito': ((orders * T.emails) / 1000) * P.sesPerThousand + Math.max(0, mau - 10_000) * P.cognitoMau,
  };
}

/** The Markdown table of a stage's costs at the given volumes. */
export function costTable(inv: StageInventory, volumes: readonly number[]): string {
  const rows = volumes.map((v) => monthlyCost(inv, v));
  const names = Object.keys(rows[0]!);
  const usd = (n: number) => (n < 0.005 ? '0' : n.toFixed(2));
  const lines = [
    `| ${inv.stage} (USD a month) | ${volumes.map((v) => `${v.toLocaleString('en-US')} orders`).join(' | ')} |`,
    `|---|${volumes.map(() => '---:').join('|')}|`,
    ...names.map((n) => `| ${n} | ${rows.map((r) => usd(r[n]!)).join(' | ')} |`),
    `| **Total** | ${rows.map((r) => `**${usd(Object.values(r).reduce((a, b) => a + b, 0))}**`).join(' | ')} |`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'cdk.out' } } });
  const files = readdirSync(values.out).filter((f) => f.endsWith('.template.json') && f.startsWith('Aurum-'));
  const stage = /^Aurum-(.+)-[A-Za-z]+\.template\.json$/.exec(files[0] ?? '')?.[1] ?? '?';
  const templates = files.map((f) => JSON.parse(readFileSync(join(values.out!, f), 'utf8')) as Template);
  const inv = inventory(templates, stage);
  console.log(`Stage ${stage}: ${JSON.stringify(inv)}\nPrices of ${PRICES.date}.\n`);
  console.log(costTable(inv, [0, 1_000, 10_000, 100_000]));
}
