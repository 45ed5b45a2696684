/**
 * Field errors of a back-office form: checks the body with the shared zod schema before sending
 * (worded like the API, see form-errors.ts), clears a field's error when it is edited, and marks
 * the field a server 400/409 names.
 */
import { useCallback, useState } from 'react';
import type * as z from 'zod/mini';
import { schemaErrors, serverFieldError, type FieldErrors } from './form-errors';

export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Forgets every error (a dialog opening). */
  const reset = useCallback(() => setErrors({}), []);
  /** Forgets one field's error (the field was edited). */
  const clear = useCallback((field: string) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)), []);
  /** @returns the parsed body, or null after showing the fields' errors */
  const check = useCallback(
    <S extends z.ZodMiniType>(
      schema: S,
      body: Record<string, unknown>,
      labels: Record<string, string>,
    ): z.infer<S> | null => {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      setErrors(schemaErrors(parsed.error, body, labels));
      return null;
    },
    [],
  );
  /** Shows a server error on the field it names (for useAdminAction's onError). */
  const fromServer = useCallback((error: unknown) => {
    const f = serverFieldError(error);
    if (f) setErrors({ [f.field]: f.message });
  }, []);
  return { errors, reset, clear, check, fromServer };
}
