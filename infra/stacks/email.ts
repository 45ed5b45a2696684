/**
 * Email sending of a stage (Amazon SES), in the data stack: the SES identity of the stage's sender
 * address (stage settings, `email.sender_address`; SES sends its verification email to it on the
 * first deploy) and the configuration set `aurum-email-<stage>` every message is sent in (the
 * email worker's and the user pool's), whose bounce and complaint events go to the account's
 * default EventBridge bus (the feed of the shop's suppression list). The set also keeps SES's own
 * account-level suppression of bounces and complaints on, so a bounced address is not sent to again
 * even before the shop's list knows it.
 */
import { Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { IConstruct } from 'constructs';
import { stageName } from './stage-settings';

/** The configuration set of a stage. */
export function emailConfigurationSetName(stage: string): string {
  return stageName('aurum-email', stage);
}

/** ARN of the SES identity of an address (built from the name: statements stay free of imports). */
export function emailIdentityArn(scope: IConstruct, address: string): string {
  return Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: address });
}

/** ARN of the stage's configuration set. */
export function configurationSetArn(scope: IConstruct, stage: string): string {
  return Stack.of(scope).formatArn({
    service: 'ses',
    resource: 'configuration-set',
    resourceName: emailConfigurationSetName(stage),
  });
}

/** The SES events that feed the suppression list. */
export const SUPPRESSION_EVENTS = [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT] as const;

/** The SES identity and configuration set of a stage. */
export class EmailSending extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: { stage: string; senderAddress: string }) {
    super(scope, id);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: emailConfigurationSetName(props.stage),
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [...SUPPRESSION_EVENTS],
    });
    this.identity = new ses.EmailIdentity(this, 'SenderIdentity', {
      identity: ses.Identity.email(props.senderAddress),
      configurationSet: this.configurationSet,
    });
  }
}
