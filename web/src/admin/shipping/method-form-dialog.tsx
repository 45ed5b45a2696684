/**
 * Create / edit a shipping method (shipping_methods and their validation rule): name and cost
 * required; free-shipping threshold, description and min/max delivery days optional (empty fields
 * are saved as null). Amounts are typed in euro and sent in cents.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { centsToEuroInput } from '../../../../shared/money';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { SHIPPING_FIELD_LABELS, shippingMethodSchema } from '../../../../shared/schemas/admin-shipping';
import type { ShippingMethodDto } from '../../../../shared/api/catalog';
import { ADMIN_OFFERS_API } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { FormDialog } from '../ui/form-dialog';
import { useFormErrors } from '../ui/use-form-errors';
import { centsOrText, wholeOrText } from '../ui/form-values';
import { useAdminAction } from '../ui/use-admin-action';

type Key = 'name' | 'cost' | 'threshold' | 'description' | 'min' | 'max';
const FIELD: Record<Key, string> = {
  name: 'name',
  cost: 'cost_cents',
  threshold: 'free_shipping_threshold_cents',
  description: 'description',
  min: 'estimated_delivery_days_min',
  max: 'estimated_delivery_days_max',
};
const EMPTY: Record<Key, string> = { name: '', cost: '', threshold: '', description: '', min: '', max: '' };
const str = (n: number | null) => (n === null ? '' : String(n));
const fromMethod = (m: ShippingMethodDto): Record<Key, string> => ({
  name: m.name,
  cost: centsToEuroInput(m.cost_cents),
  threshold: m.free_shipping_threshold_cents === null ? '' : centsToEuroInput(m.free_shipping_threshold_cents),
  description: m.description ?? '',
  min: str(m.estimated_delivery_days_min),
  max: str(m.estimated_delivery_days_max),
});

/** The method dialog: `method` null creates, a method edits. */
export function MethodFormDialog({
  open,
  method,
  onClose,
  onSaved,
}: {
  open: boolean;
  method: ShippingMethodDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [values, setValues] = useState(EMPTY);
  const { errors, reset, clear, check, fromServer } = useFormErrors();
  const { run, busy } = useAdminAction();

  useEffect(() => {
    if (!open) return;
    setValues(method ? fromMethod(method) : EMPTY);
    reset();
  }, [open, method, reset]);

  const submit = async () => {
    const body = check(
      shippingMethodSchema,
      {
        name: values.name,
        cost_cents: centsOrText(values.cost) ?? undefined,
        free_shipping_threshold_cents: centsOrText(values.threshold),
        description: values.description,
        estimated_delivery_days_min: wholeOrText(values.min),
        estimated_delivery_days_max: wholeOrText(values.max),
      },
      SHIPPING_FIELD_LABELS,
    );
    if (!body) return;
    const ok = await run(
      () =>
        method
          ? callApi(ADMIN_OFFERS_API.updateShippingMethod, { params: { id: method.id }, body })
          : callApi(ADMIN_OFFERS_API.createShippingMethod, { body }),
      { success: method ? ADMIN_MSG.updated : ADMIN_MSG.created, onError: fromServer },
    );
    if (ok) onSaved();
  };

  const field = (
    key: Key,
    label: string,
    extra: { required?: boolean; hint?: string; inputMode?: 'decimal' | 'numeric' | 'text'; multiline?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={values[key]}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      onChange={(e) => {
        setValues((v) => ({ ...v, [key]: e.target.value }));
        clear(FIELD[key]);
      }}
      error={Boolean(errors[FIELD[key]])}
      helperText={errors[FIELD[key]] ?? extra.hint}
      slotProps={{ htmlInput: { inputMode: extra.inputMode ?? 'text', 'data-testid': `method-${FIELD[key]}` } }}
    />
  );

  return (
    <FormDialog
      open={open}
      title={method ? OFFERS_MSG.editMethod : OFFERS_MSG.newMethod}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {field('name', OFFERS_MSG.methodFields.name, { required: true })}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {field('cost', OFFERS_MSG.methodFields.cost, { required: true, inputMode: 'decimal' })}
        {field('threshold', OFFERS_MSG.methodFields.threshold, {
          inputMode: 'decimal',
          hint: OFFERS_MSG.thresholdHint,
        })}
      </Box>
      {field('description', OFFERS_MSG.methodFields.description, { multiline: true })}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {field('min', OFFERS_MSG.methodFields.min, { inputMode: 'numeric', hint: OFFERS_MSG.daysHint })}
        {field('max', OFFERS_MSG.methodFields.max, { inputMode: 'numeric' })}
      </Box>
    </FormDialog>
  );
}
