/**
 * The SNS stand-in driven by the real @aws-sdk/client-sns (endpoint override): topics,
 * subscriptions, Publish with attributes, typed errors, and the outbox file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTopicCommand,
  InvalidParameterException,
  ListSubscriptionsByTopicCommand,
  ListTopicsCommand,
  NotFoundException,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
  UnsubscribeCommand,
} from '@aws-sdk/client-sns';
import { matchesFilterPolicy, startSnsLocal, type SnsLocal } from './sns';
import { freePort } from '../ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws';

let sns: SnsLocal;
let client: SNSClient;
let dir: string;
const printed: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-sns-'));
  sns = await startSnsLocal({
    port: await freePort(),
    outboxFile: path.join(dir, 'outbox.log'),
    region: LOCAL_REGION,
    topics: ['aurum-notifiche-local'],
    log: (m) => printed.push(m),
  });
  client = new SNSClient({ endpoint: sns.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
});
afterAll(async () => {
  client.destroy();
  await sns.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SNS stand-in with the real SDK', () => {
  it('creates topics idempotently and lists them', async () => {
    const a = await client.send(new CreateTopicCommand({ Name: 'aurum-prova' }));
    const b = await client.send(new CreateTopicCommand({ Name: 'aurum-prova' }));
    expect(a.TopicArn).toBe('arn:aws:sns:eu-south-1:000000000000:aurum-prova');
    expect(b.TopicArn).toBe(a.TopicArn);
    const list = await client.send(new ListTopicsCommand({}));
    expect(list.Topics?.map((t) => t.TopicArn)).toEqual([sns.topicArn('aurum-notifiche-local'), a.TopicArn]);
  });

  it('subscribes emails (pending confirmation like SNS) and lists the subscriptions', async () => {
    const topic = sns.topicArn('aurum-notifiche-local');
    const pending = await client.send(
      new SubscribeCommand({ TopicArn: topic, Protocol: 'email', Endpoint: 'supporto@aurumfitness.example' }),
    );
    expect(pending.SubscriptionArn).toBe('pending confirmation');
    const direct = await client.send(
      new SubscribeCommand({
        TopicArn: topic,
        Protocol: 'email',
        Endpoint: 'fornitore@ferrosud.example',
        ReturnSubscriptionArn: true,
      }),
    );
    expect(direct.SubscriptionArn).toMatch(/^arn:aws:sns:eu-south-1:000000000000:aurum-notifiche-local:[0-9a-f-]{36}$/);
    const subs = await client.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic }));
    expect(subs.Subscriptions?.map((s) => `${s.Protocol}:${s.Endpoint}`)).toEqual([
      'email:supporto@aurumfitness.example',
      'email:fornitore@ferrosud.example',
    ]);
  });

  it('publishes: MessageId back, message recorded with its attributes, printed and appended to the outbox', async () => {
    const out = await client.send(
      new PublishCommand({
        TopicArn: sns.topicArn('aurum-notifiche-local'),
        Subject: 'Prodotto esaurito',
        Message: 'Kettlebell Oro Nero 16 kg è esaurito dopo la sincronizzazione.\nFornitore: Ferro Sud Forniture',
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'sold_out' },
          quantity: { DataType: 'Number', StringValue: '0' },
        },
      }),
    );
    expect(out.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    const recorded = sns.messages.at(-1)!;
    expect(recorded).toMatchObject({
      messageId: out.MessageId,
      subject: 'Prodotto esaurito',
      attributes: {
        kind: { DataType: 'String', StringValue: 'sold_out' },
        quantity: { DataType: 'Number', StringValue: '0' },
      },
      deliveredTo: ['email:supporto@aurumfitness.example', 'email:fornitore@ferrosud.example'],
    });
    const line =
      '[SNS aurum-notifiche-local] a email:supporto@aurumfitness.example, email:fornitore@ferrosud.example: Prodotto esaurito — Kettlebell Oro Nero 16 kg è esaurito dopo la sincronizzazione. | Fornitore: Ferro Sud Forniture';
    expect(printed).toContain(line);
    const outbox = fs.readFileSync(path.join(dir, 'outbox.log'), 'utf8').trim().split('\n');
    expect(outbox.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z /);
    expect(outbox.at(-1)!.slice(25)).toBe(line);
  });

  it('answers errors the SDK turns into typed exceptions, and records nothing', async () => {
    const before = sns.messages.length;
    await expect(
      client.send(new PublishCommand({ TopicArn: sns.topicArn('non-esiste'), Message: 'x' })),
    ).rejects.toBeInstanceOf(NotFoundException);
    await expect(
      client.send(new PublishCommand({ TopicArn: sns.topicArn('aurum-notifiche-local'), Message: '' })),
    ).rejects.toBeInstanceOf(InvalidParameterException);
    expect(sns.messages.length).toBe(before);
  });

  it("applies a subscription's filter policy on message attributes, unsubscribes, and keeps subscriptions across a restart", async () => {
    const stateFile = path.join(dir, 'sns-state.json');
    const port = await freePort();
    const standIn = await startSnsLocal({
      port,
      outboxFile: path.join(dir, 'outbox-2.log'),
      region: LOCAL_REGION,
      topics: ['aurum-filtri'],
      stateFile,
    });
    const c = new SNSClient({ endpoint: standIn.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    const topic = standIn.topicArn('aurum-filtri');
    try {
      await c.send(new SubscribeCommand({ TopicArn: topic, Protocol: 'email', Endpoint: 'admin@example.com' }));
      const supplier = await c.send(
        new SubscribeCommand({
          TopicArn: topic,
          Protocol: 'email',
          Endpoint: 'fornitore@example.com',
          ReturnSubscriptionArn: true,
          Attributes: { FilterPolicy: JSON.stringify({ kind: ['stock_alert'], supplier_id: ['s1'] }) },
        }),
      );
      const publish = (kind: string, supplierId?: string) =>
        c.send(
          new PublishCommand({
            TopicArn: topic,
            Message: kind,
            MessageAttributes: {
              kind: { DataType: 'String', StringValue: kind },
              ...(supplierId ? { supplier_id: { DataType: 'String', StringValue: supplierId } } : {}),
            },
          }),
        );
      await publish('stock_alert', 's1');
      await publish('stock_alert', 's2');
      await publish('run_failures');
      expect(standIn.messages.map((m) => m.deliveredTo)).toEqual([
        ['email:admin@example.com', 'email:fornitore@example.com'],
        ['email:admin@example.com'],
        ['email:admin@example.com'],
      ]);
      await standIn.stop();
      const again = await startSnsLocal({
        port,
        outboxFile: path.join(dir, 'outbox-2.log'),
        region: LOCAL_REGION,
        topics: ['aurum-filtri'],
        stateFile,
      });
      try {
        const subs = await c.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic }));
        expect(subs.Subscriptions?.map((x) => x.Endpoint)).toEqual(['admin@example.com', 'fornitore@example.com']);
        await c.send(new UnsubscribeCommand({ SubscriptionArn: supplier.SubscriptionArn }));
        await expect(
          c.send(new UnsubscribeCommand({ SubscriptionArn: supplier.SubscriptionArn })),
        ).rejects.toBeInstanceOf(NotFoundException);
        await publish('stock_alert', 's1');
        expect(again.messages.at(-1)!.deliveredTo).toEqual(['email:admin@example.com']);
      } finally {
        await again.stop();
      }
    } finally {
      c.destroy();
    }
  });
});

describe('matchesFilterPolicy', () => {
  const attrs = {
    kind: { DataType: 'String', StringValue: 'stock_alert' },
    supplier_id: { DataType: 'String', StringValue: 's1' },
  };
  it.each([
    [undefined, true],
    [{ kind: ['stock_alert'] }, true],
    [{ kind: ['run_failures', 'stock_alert'], supplier_id: ['s1'] }, true],
    [{ kind: ['stock_alert'], supplier_id: ['s2'] }, false],
    [{ missing: [{ exists: false }] }, true],
    [{ missing: ['x'] }, false],
    [{ kind: [{ prefix: 'stock' }] }, false],
  ])('%j -> %s', (policy, expected) => {
    expect(matchesFilterPolicy(policy as Record<string, unknown[]> | undefined, attrs)).toBe(expected);
  });
});
