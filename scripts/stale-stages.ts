/**
 * `npm run stale-stages -- --stacks stacks.json --branches branches.txt [--max-idle-days 7]`: the
 * branch stages of the account, their age since their last deploy, and which to remove (run daily
 * by .github/workflows/stale-stages.yml, which destroys those). Inputs, as the workflow gets them:
 *  - stacks.json: `aws cloudformation list-stacks --output json` with the live statuses
 *    (`{ StackSummaries: [...] }`; `describe-stacks`' `{ Stacks: [...] }` is read too);
 *  - branches.txt: the repository's branches, one a line (`git ls-remote --heads origin`, or the
 *    bare names).
 * A stage is a set of stacks `Aurum-<stage>-<Part>`; its last deploy is the latest LastUpdatedTime
 * (or CreationTime) of its stacks. The production stage is never listed. A stage is removed when no
 * branch maps to it any more (its delete event was missed) or when it has not been deployed for
 * more than `maxIdleDays` days (a push deploys it again). Prints a Markdown table (the job summary)
 * and, last, one line `remove: <stage> <stage> …`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sanitiseStage } from '../infra/stage';
import { PRODUCTION_STAGE } from '../infra/stacks/stage-settings';

/** A stack as describe-stacks lists it (the fields read). */
export interface StackSummary {
  StackName: string;
  CreationTime: string;
  LastUpdatedTime?: string;
}

/** One branch stage and what to do with it. */
export interface StageAge {
  stage: string;
  /** ISO time of its last deploy. */
  lastDeploy: string;
  /** Whole days since then. */
  idleDays: number;
  /** The branch it belongs to, or null when none maps to it. */
  branch: string | null;
  remove: boolean;
  reason: string;
}

const STACK_NAME = /^Aurum-(.+)-(Data|Auth|Api|Web|Edge|Ops|EdgeOps)$/;

/**
 * The branch stages of `stacks`, oldest first, with what to do.
 * @param now the time to measure ages at
 */
export function stageAges(
  stacks: readonly StackSummary[],
  branches: readonly string[],
  now: Date,
  maxIdleDays: number,
): StageAge[] {
  const byStage = new Map<string, number>();
  for (const stack of stacks) {
    const stage = STACK_NAME.exec(stack.StackName)?.[1];
    if (!stage || stage === PRODUCTION_STAGE) continue;
    const at = Date.parse(stack.LastUpdatedTime ?? stack.CreationTime);
    byStage.set(stage, Math.max(byStage.get(stage) ?? 0, at));
  }
  const branchOf = new Map(branches.map((b) => [sanitiseStage(b), b]));
  return [...byStage]
    .map(([stage, at]) => {
      const idleDays = Math.floor((now.getTime() - at) / 86_400_000);
      const branch = branchOf.get(stage) ?? null;
      const [remove, reason] =
        branch === null
          ? [true, 'no branch deploys to it']
          : idleDays > maxIdleDays
            ? [true, `not deployed for more than ${maxIdleDays} days`]
            : [false, 'in use'];
      return { stage, lastDeploy: new Date(at).toISOString(), idleDays, branch, remove, reason };
    })
    .sort((a, b) => b.idleDays - a.idleDays || a.stage.localeCompare(b.stage));
}

/** The branch names of `git ls-remote --heads` lines ('<sha>\trefs/heads/<name>') or bare names. */
export function branchNames(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.replace(/^[0-9a-f]{40}\s+/, '').replace(/^refs\/heads\//, ''));
}

/** The Markdown report and the closing `remove:` line. */
export function report(ages: readonly StageAge[]): string {
  const rows = ages.map(
    (a) =>
      `| ${a.stage} | ${a.branch ?? '(none)'} | ${a.lastDeploy.slice(0, 10)} | ${a.idleDays} | ${a.remove ? `remove: ${a.reason}` : 'keep'} |`,
  );
  return [
    '| Stage | Branch | Last deploy | Idle days | Action |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `remove: ${ages
      .filter((a) => a.remove)
      .map((a) => a.stage)
      .join(' ')}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      stacks: { type: 'string' },
      branches: { type: 'string' },
      'max-idle-days': { type: 'string', default: '7' },
    },
  });
  if (!values.stacks || !values.branches) {
    console.error('usage: npm run stale-stages -- --stacks stacks.json --branches branches.txt [--max-idle-days 7]');
    process.exit(2);
  }
  const listed = JSON.parse(readFileSync(values.stacks, 'utf8')) as {
    Stacks?: StackSummary[];
    StackSummaries?: StackSummary[];
  };
  const stacks = listed.StackSummaries ?? listed.Stacks ?? [];
  const branches = branchNames(readFileSync(values.branches, 'utf8'));
  console.log(report(stageAges(stacks, branches, new Date(), Number(values['max-idle-days']))));
}
