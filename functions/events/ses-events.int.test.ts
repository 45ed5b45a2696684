/**
 * SES's bounce and complaint events reach the suppression list: the function the EventBridge rule
 * invokes gets an event shaped as SES sends it to EventBridge (detail-type 'Email Bounced' /
 * 'Email Complained', the SES event record as `detail`). A permanent bounce and a complaint suppress
 * (AP102); a transient bounce does not.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventBridgeEvent } from 'aws-lambda';
import { invokeFunction, useLocalEnv } from '../../test/support/invoke';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from '../data/keys';
import type { SesEventDetail } from './ses-events';

useLocalEnv();
let handler: (event: EventBridgeEvent<string, SesEventDetail>) => Promise<{ suppressed: string[] }>;

beforeAll(async () => {
  ({ handler } = await import('./ses-events'));
});

const address = (name: string) => `${name}.${randomUUID().slice(0, 8)}@Example.com`;

/** An event as SES puts it on the default bus (EventBridge envelope, SES event record as detail). */
function sesEvent(detailType: string, detail: Record<string, unknown>): EventBridgeEvent<string, SesEventDetail> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': detailType,
    source: 'aws.ses',
    account: '123456789012',
    time: '2026-11-26T03:40:00Z',
    region: 'eu-south-1',
    resources: ['arn:aws:ses:eu-south-1:123456789012:configuration-set/aurum-email-local'],
    detail: {
      mail: {
        timestamp: '2026-11-26T03:39:58.000Z',
        source: 'Aurum Fitness <ordini@aurumfitness.example>',
        messageId: '0102018d-example-000000',
        destination: ['someone@example.com'],
        tags: { 'ses:configuration-set': ['aurum-email-local'] },
      },
      ...detail,
    } as unknown as SesEventDetail,
  };
}

const send = (event: EventBridgeEvent<string, SesEventDetail>) => invokeFunction('ses-events', handler, event);

async function entry(email: string) {
  return (await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.suppression(email) }))).Item;
}

describe('SES events into the suppression list', () => {
  it('[AP102] suppresses every recipient of a permanent bounce, with its subtype', async () => {
    const gone = address('Nessuno');
    const out = await send(
      sesEvent('Email Bounced', {
        eventType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            { emailAddress: gone, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
          ],
          timestamp: '2026-11-26T03:39:59.000Z',
          feedbackId: '0102018d-feedback',
        },
      }),
    );
    expect(out.suppressed).toEqual([gone]);
    expect(await entry(gone)).toMatchObject({
      email: gone.toLowerCase(),
      reason: 'bounce',
      detail: 'Permanent/General',
    });
  });

  it('suppresses a complaint', async () => {
    const annoyed = address('Reclamo');
    await send(
      sesEvent('Email Complained', {
        eventType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: annoyed }],
          complaintFeedbackType: 'abuse',
          timestamp: '2026-11-26T03:40:00.000Z',
          feedbackId: '0102018d-feedback-2',
        },
      }),
    );
    expect(await entry(annoyed)).toMatchObject({ reason: 'complaint', detail: 'abuse' });
  });

  it('does not suppress a transient bounce (mailbox full): SES retries and the address stays good', async () => {
    const full = address('Pieno');
    const out = await send(
      sesEvent('Email Bounced', {
        eventType: 'Bounce',
        bounce: {
          bounceType: 'Transient',
          bounceSubType: 'MailboxFull',
          bouncedRecipients: [{ emailAddress: full }],
          timestamp: '2026-11-26T03:39:59.000Z',
          feedbackId: '0102018d-feedback-3',
        },
      }),
    );
    expect(out.suppressed).toEqual([]);
    expect(await entry(full)).toBeUndefined();
  });
});
