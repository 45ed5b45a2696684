/**
 * Field errors of the back office's forms (pure, unit-tested): the same Italian words the API uses
 * (shared/messages API_MSG), from a shared zod schema checked before sending, or from the server's
 * answer naming a field (400, or 409 for a taken code).
 */
import type { $ZodError } from 'zod/v4/core';
import { API_MSG } from '../../../../shared/messages/api-messages';
import { ApiError } from '../../api/client';

/** Messages by field name ('' when the form has none for that field). */
export type FieldErrors = Record<string, string | undefined>;

/**
 * The first problem of each field of a failed zod parse, worded like the API's 400s: an empty
 * field the schema wants is 'obbligatorio', anything else 'non è valido'.
 * @param input the object that was parsed (to tell a missing field from an invalid one)
 * @param labels Italian field names
 */
export function schemaErrors(
  error: $ZodError,
  input: Record<string, unknown>,
  labels: Record<string, string>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.code === 'unrecognized_keys' ? (issue.keys[0] ?? '') : String(issue.path[0] ?? '');
    if (!field || out[field]) continue;
    const label = labels[field] ?? field;
    const value = input[field];
    const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    out[field] = missing ? API_MSG.requiredField(label) : API_MSG.invalidField(label);
  }
  return out;
}

/** The field a server error names (400 validation, 409 conflict on a field), with its message; null otherwise. */
export function serverFieldError(error: unknown): { field: string; message: string } | null {
  if (error instanceof ApiError && error.field && (error.status === 400 || error.status === 409))
    return { field: error.field, message: error.message };
  return null;
}
