/**
 * Edge operations stack (`Aurum-<stage>-EdgeOps`, always in us-east-1, deployed after the web
 * stack): CloudFront publishes its distributions' metrics only in US East (N. Virginia), and an
 * alarm can watch only metrics of its own region, so the distribution's 5xx-rate alarm lives here,
 * with its own operations topic `aurum-operations-<stage>` (an alarm notifies only a topic of its
 * region) emailing the same owner. The stage's dashboard (operations-stack.ts) shows the same
 * metrics across regions.
 */
import { Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { MonitoringFacade } from 'cdk-monitoring-constructs';
import type { Construct } from 'constructs';
import { operationsMonitoring } from './operations-stack';
import type { StageProps } from './stage-settings';

/** The web stack's output holding the distribution's id (web-stack.ts). */
export const DISTRIBUTION_ID_OUTPUT = 'DistributionId';

/** Share of CloudFront answers that are 5xx (percent) above which the edge alarm fires. */
export const CLOUDFRONT_5XX_PERCENT = 5;

/** Properties of the edge operations stack. */
export interface EdgeOperationsStackProps extends StackProps, StageProps {
  opsEmail: string;
  /** The web stack's name (its DistributionId output is read across regions). */
  webStackName: string;
  /** The web stack's region (undefined: an environment-agnostic synth, resolved at deploy). */
  webRegion: string | undefined;
}

/** CloudFront's alarm and the us-east-1 operations topic of a stage. */
export class EdgeOperationsStack extends Stack {
  readonly topic: sns.Topic;
  readonly monitoring: MonitoringFacade;

  constructor(scope: Construct, id: string, props: EdgeOperationsStackProps) {
    super(scope, id, props);
    const { stage } = props;
    // Another region's output: Fn::GetStackOutput (a CloudFormation export cannot cross regions).
    const distributionId = Fn.getStackOutput(props.webStackName, DISTRIBUTION_ID_OUTPUT, props.webRegion);
    const distribution = cloudfront.Distribution.fromDistributionAttributes(this, 'Distribution', {
      distributionId,
      domainName: 'unused.cloudfront.net',
    });
    ({ topic: this.topic, monitoring: this.monitoring } = operationsMonitoring(this, {
      stage,
      opsEmail: props.opsEmail,
      topicDisplayName: `Aurum Fitness operations (${stage}, CloudFront)`,
      // the stage's one dashboard is the operations stack's
      withDashboard: false,
      alarmDefaults: { datapointsToAlarm: 2, evaluationPeriods: 3 },
    }));
    this.monitoring.monitorCloudFrontDistribution({
      distribution,
      alarmFriendlyName: 'CloudFront',
      addFault5xxRate: { Critical: { maxErrorRate: CLOUDFRONT_5XX_PERCENT } },
    });
  }
}
