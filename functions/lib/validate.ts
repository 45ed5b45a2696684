/**
 * Input validation with the shared zod schemas. A failure becomes a 400 whose Italian message
 * names the first offending field; nothing is written on a rejected request.
 */
import type * as z from 'zod/mini';
import { API_MSG } from '../../shared/messages/api-messages';
import { badRequest } from './errors';

/**
 * Parses `input` with `schema`.
 * @param labels optional Italian labels per field, used in the message (the `field` stays the key)
 * @returns the parsed value
 * @throws AppError 400 naming the first invalid field (or the unknown parameter)
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  fieldPrefix = '',
  labels: Record<string, string> = {},
): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  let field = issue?.path.map(String).join('.') ?? '';
  if (issue?.code === 'unrecognized_keys' && issue.keys.length > 0) field = issue.keys[0]!;
  const named = fieldPrefix && field ? `${fieldPrefix}.${field}` : field || fieldPrefix || 'richiesta';
  const isId = issue?.code === 'invalid_format' && (issue as { format?: string }).format === 'uuid';
  const label = labels[field] ?? named;
  // zod 4 leaves `issue.input` out by default: whether the field was missing is read from the input itself
  if (issue?.code === 'invalid_type' && valueAt(input, issue.path) === undefined)
    throw badRequest(API_MSG.requiredField(label), named);
  // a rule that makes a field required in some cases (a schema's refine with the message 'required')
  if (issue?.code === 'custom' && issue.message === 'required') throw badRequest(API_MSG.requiredField(label), named);
  throw badRequest(isId ? API_MSG.invalidId(label) : API_MSG.invalidField(label), named);
}

/** The value at `path` inside `input` (undefined when any step is missing). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * Parses a JSON request body.
 * @throws AppError 400 'Il corpo della richiesta non è un JSON valido.' on malformed JSON
 */
export function parseJsonBody(body: string | undefined, isBase64Encoded = false): unknown {
  if (!body) return {};
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(API_MSG.invalidJson, 'body');
  }
}
