/**
 * The stage cost model (scripts/stage-costs.ts): what it counts in a template and how the fixed
 * costs follow from the list prices.
 */
import { describe, expect, it } from 'vitest';
import { costTable, inventory, monthlyCost, PRICES } from './stage-costs';

const template = {
  Resources: {
    A: { Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'Errors' } },
    B: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: { Metrics: [{ Expression: 'a/b' }, { MetricStat: {} }, { MetricStat: {} }] },
    },
    C: { Type: 'AWS::CloudWatch::CompositeAlarm', Properties: {} },
    D: { Type: 'AWS::CloudWatch::Dashboard', Properties: {} },
    E: { Type: 'AWS::Synthetics::Canary', Properties: { Schedule: { Expression: 'rate(30 minutes)' } } },
    F: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
    G: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}, {}] } },
    H: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'aurum-cart-x' } },
    I: { Type: 'AWS::Lambda::Function', Properties: {} },
    J: {
      Type: 'AWS::Logs::MetricFilter',
      Properties: { MetricTransformations: [{ MetricName: 'OperatorAlert', MetricNamespace: 'AurumFitness/x' }] },
    },
    K: {
      Type: 'AWS::Logs::MetricFilter',
      Properties: { MetricTransformations: [{ MetricName: 'OperatorAlert', MetricNamespace: 'AurumFitness/x' }] },
    },
  },
};

describe('stage costs', () => {
  it('counts alarm metrics (a metric-math alarm pays per metric), canary runs, ACL rules and distinct log metrics', () => {
    expect(inventory([template], 'x')).toEqual({
      stage: 'x',
      alarmMetrics: 3,
      compositeAlarms: 1,
      dashboards: 1,
      canaryRunsPerMonth: 1440,
      customMetrics: 5,
      secrets: 1,
      webAcls: 1,
      wafRules: 3,
      functions: 1,
    });
  });

  it('prices an idle stage from its fixed resources alone', () => {
    const cost = monthlyCost(inventory([template], 'x'), 0);
    expect(cost['Monitoring (alarms, dashboard, custom metrics)']).toBeCloseTo(
      3 * PRICES.alarmMetric + PRICES.compositeAlarm + PRICES.dashboard + 5 * PRICES.customMetric,
    );
    expect(cost.Canary).toBeCloseTo(1440 * PRICES.canaryRun);
    expect(cost['WAF (web ACLs, rules, requests)']).toBeCloseTo(PRICES.webAcl + 3 * PRICES.wafRule);
    expect(cost['API Gateway (HTTP API)']).toBe(0);
    expect(costTable(inventory([template], 'x'), [0, 1000]).split('\n')[0]).toBe(
      '| x (USD a month) | 0 orders | 1,000 orders |',
    );
  });
});
