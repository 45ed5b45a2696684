/**
 * AWS Control Tower's controls as the app runs them (infra/stacks/guard.ts ControlTowerGuard):
 * only the rule files of the resource types present, with the same findings as the plugin running
 * all of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { App, Stack, Validations, type IPolicyValidationPluginBeta1 } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTROL_TOWER_RULE_FILES, ControlTowerGuard, rulesFor } from '../stacks/guard';

const outdir = mkdtempSync(join(tmpdir(), 'aurum-guard-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The control ids (CT.X.PR.n) a plugin reports on a bucket and a log group kept two weeks. */
function findings(plugin: IPolicyValidationPluginBeta1, name: string): string[] {
  const app = new App({ outdir: join(outdir, name), builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'GuardCheck');
  new s3.Bucket(stack, 'Naked');
  new logs.LogGroup(stack, 'Short', { retention: logs.RetentionDays.TWO_WEEKS });
  Validations.of(app).addPlugins(plugin);
  try {
    app.synth();
  } catch (error) {
    return [...new Set(String(error).match(/CT\.[A-Z0-9]+\.PR\.\d+/g))].sort();
  }
  return [];
}

describe("AWS Control Tower's controls, by resource type", () => {
  it('runs the rule files that name a resource type of the templates, and only those', () => {
    expect(CONTROL_TOWER_RULE_FILES.length).toBeGreaterThan(200);
    const rules = rulesFor(new Set(['AWS::S3::Bucket']));
    expect(rules.length).toBeGreaterThan(5);
    const typesOf = new Map(CONTROL_TOWER_RULE_FILES.map((r) => [r.file, r.types]));
    expect(rules.every((f) => typesOf.get(f)!.includes('AWS::S3::Bucket'))).toBe(true);
    expect(rules.some((f) => f.includes(`${sep}s3${sep}`))).toBe(true);
    expect(rulesFor(new Set(['AWS::Nothing::Here']))).toEqual([]);
  });

  it('finds what the plugin finds with all its rules', () => {
    const subset = findings(new ControlTowerGuard(), 'subset');
    expect(subset).toContain('CT.S3.PR.1');
    expect(subset).toContain('CT.CLOUDWATCH.PR.2');
    expect(subset).toEqual(findings(new CfnGuardValidator(), 'full'));
  }, 120_000);
});
