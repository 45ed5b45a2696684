/**
 * The document commands the functions send to DynamoDB: the same names, inputs and outputs as
 * @aws-sdk/lib-dynamodb's (its types are reused, type-only), sent by our light client
 * (functions/lib/dynamo.ts) instead of the SDK's, whose core alone is ~220 KB of each bundle.
 *
 * A command knows its DynamoDB operation and turns native JS values into DynamoDB's attribute
 * values (marshall, in the request) and back (unmarshall, in the answer), field by field, as
 * lib-dynamodb does. Attribute values inside errors (ConditionalCheckFailedException.Item,
 * CancellationReasons[].Item) stay marshalled, as with the SDK.
 */
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactGetCommandInput,
  TransactGetCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';

export type {
  BatchGetCommandInput,
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
};

/** DynamoDB JSON: a wire-format object (attribute values marshalled). */
type Wire = Record<string, unknown>;
type Item = Record<string, NativeAttributeValue>;

/** Marshalling options of every command (undefined attributes dropped, as the document client was set). */
const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;

const toWire = (item: Item | undefined): Wire | undefined =>
  item === undefined ? undefined : (marshall(item, MARSHALL) as Wire);
const fromWire = (item: unknown): Item | undefined =>
  item === undefined || item === null ? undefined : unmarshall(item as never);

/** Copies `input` with the named fields (those present) mapped. */
function mapFields<T extends object>(input: T, fields: readonly string[], map: (value: never) => unknown): Wire {
  const out = { ...input } as Wire;
  for (const field of fields) if (out[field] !== undefined) out[field] = map(out[field] as never);
  return out;
}

/** The fields of a request that hold attribute values (beside Item/Key, named per operation). */
const VALUE_FIELDS = ['ExpressionAttributeValues', 'ExclusiveStartKey'] as const;

/**
 * A document command: its operation (the X-Amz-Target suffix), its input in native values and
 * the translation of both directions. `Output` is only a type.
 */
export abstract class DocumentCommand<Input extends object, Output> {
  /** DynamoDB operation name, e.g. 'GetItem'. */
  abstract readonly operation: string;
  declare readonly __output: Output;
  constructor(readonly input: Input) {}
  /** The request body in DynamoDB JSON. */
  abstract toWire(): Wire;
  /** The answer with native values (the raw body's other fields, e.g. ConsumedCapacity, kept). */
  abstract fromWire(body: Wire): Output;
}

/** Marshalls Key/Item and the expression values of a single-item request (or a transaction part). */
function singleItemToWire(part: object): Wire {
  return mapFields(part, ['Key', 'Item', ...VALUE_FIELDS], toWire as (v: never) => unknown);
}

/** Unmarshalls the named fields of an answer holding single items. */
function itemsFromWire<Output>(body: Wire, fields: readonly string[]): Output {
  return mapFields(body, fields, fromWire as (v: never) => unknown) as Output;
}

export class GetCommand extends DocumentCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
  toWire() {
    return singleItemToWire(this.input);
  }
  fromWire(body: Wire) {
    return itemsFromWire<GetCommandOutput>(body, ['Item']);
  }
}

export class PutCommand extends DocumentCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
  toWire() {
    return singleItemToWire(this.input);
  }
  fromWire(body: Wire) {
    return itemsFromWire<PutCommandOutput>(body, ['Attributes']);
  }
}

export class UpdateCommand extends DocumentCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
  toWire() {
    return singleItemToWire(this.input);
  }
  fromWire(body: Wire) {
    return itemsFromWire<UpdateCommandOutput>(body, ['Attributes']);
  }
}

export class DeleteCommand extends DocumentCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
  toWire() {
    return singleItemToWire(this.input);
  }
  fromWire(body: Wire) {
    return itemsFromWire<DeleteCommandOutput>(body, ['Attributes']);
  }
}

/** Unmarshalls Items[] and LastEvaluatedKey of a Query or Scan answer. */
function pageFromWire<Output>(body: Wire): Output {
  const out = itemsFromWire<Wire>(body, ['LastEvaluatedKey']);
  if (Array.isArray(body.Items)) out.Items = body.Items.map(fromWire);
  return out as Output;
}

export class QueryCommand extends DocumentCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
  toWire() {
    return singleItemToWire(this.input);
  }
  fromWire(body: Wire) {
    return pageFromWire<QueryCommandOutput>(body);
  }
}

export class ScanCommand extends DocumentCommand<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
  toWire() {
    return singleItemToWire(this.input);
  }
  fromWire(body: Wire) {
    return pageFromWire<ScanCommandOutput>(body);
  }
}

/** Maps each value of a table-name keyed record. */
function perTable(record: unknown, map: (value: never) => unknown): Wire | undefined {
  if (record === undefined || record === null) return undefined;
  return Object.fromEntries(Object.entries(record as Wire).map(([table, value]) => [table, map(value as never)]));
}

/** Maps the Keys of BatchGetItem's per-table requests ({ Keys, ProjectionExpression, ... }). */
const keysOf = (map: (k: never) => unknown) => (request: { Keys?: unknown[] }) => ({
  ...request,
  ...(request.Keys ? { Keys: request.Keys.map(map as (k: unknown) => unknown) } : {}),
});

export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  toWire() {
    return { ...this.input, RequestItems: perTable(this.input.RequestItems, keysOf(toWire as never)) };
  }
  fromWire(body: Wire) {
    return {
      ...body,
      Responses: perTable(body.Responses, (items: unknown[]) => items.map(fromWire)),
      UnprocessedKeys: perTable(body.UnprocessedKeys, keysOf(fromWire as never)),
    } as BatchGetCommandOutput;
  }
}

/** Maps the Item/Key of BatchWriteItem's per-table write requests. */
const writesOf =
  (map: (v: never) => unknown) => (writes: { PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } }[]) =>
    writes.map((w) => ({
      ...(w.PutRequest ? { PutRequest: { ...w.PutRequest, Item: map(w.PutRequest.Item as never) } } : {}),
      ...(w.DeleteRequest ? { DeleteRequest: { ...w.DeleteRequest, Key: map(w.DeleteRequest.Key as never) } } : {}),
    }));

export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  toWire() {
    return { ...this.input, RequestItems: perTable(this.input.RequestItems, writesOf(toWire as never)) };
  }
  fromWire(body: Wire) {
    return {
      ...body,
      UnprocessedItems: perTable(body.UnprocessedItems, writesOf(fromWire as never)),
    } as BatchWriteCommandOutput;
  }
}

/** The parts of a TransactWriteItems entry, each a single-item request. */
const TRANSACT_PARTS = ['ConditionCheck', 'Put', 'Delete', 'Update'] as const;

export class TransactWriteCommand extends DocumentCommand<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
  toWire() {
    return {
      ...this.input,
      TransactItems: this.input.TransactItems?.map((entry) =>
        mapFields(entry, TRANSACT_PARTS, singleItemToWire as (v: never) => unknown),
      ),
    };
  }
  fromWire(body: Wire) {
    return body as TransactWriteCommandOutput;
  }
}

export class TransactGetCommand extends DocumentCommand<TransactGetCommandInput, TransactGetCommandOutput> {
  readonly operation = 'TransactGetItems';
  toWire() {
    return {
      ...this.input,
      TransactItems: this.input.TransactItems?.map((entry) =>
        mapFields(entry, ['Get'], singleItemToWire as (v: never) => unknown),
      ),
    };
  }
  fromWire(body: Wire) {
    const responses = body.Responses as { Item?: unknown }[] | undefined;
    return {
      ...body,
      ...(responses ? { Responses: responses.map((r) => ({ ...r, Item: fromWire(r.Item) })) } : {}),
    } as TransactGetCommandOutput;
  }
}
