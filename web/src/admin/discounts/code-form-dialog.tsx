/**
 * Create / edit a discount code (discount_codes and their validation rule): the code, its type
 * (percentage or fixed), the value (a whole percentage, or an amount in euro sent in cents), an
 * optional last day and whether it is active (default yes).
 */
import { useEffect, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DISCOUNT_TYPES, type DiscountType } from '../../../../shared/discount-codes';
import { centsToEuroInput } from '../../../../shared/money';
import { DISCOUNT_MSG } from '../../../../shared/messages/discounts';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { DISCOUNT_CODE_FIELD_LABELS, discountCodeSchema } from '../../../../shared/schemas/admin-discount-codes';
import { ADMIN_OFFERS_API, type DiscountCodeDto } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { FormDialog } from '../ui/form-dialog';
import { useFormErrors } from '../ui/use-form-errors';
import { centsOrText, wholeOrText } from '../ui/form-values';
import { useAdminAction } from '../ui/use-admin-action';

interface Values {
  code: string;
  type: DiscountType;
  value: string;
  expires: string;
  active: boolean;
}

const EMPTY: Values = { code: '', type: 'percentage', value: '', expires: '', active: true };
const fromCode = (c: DiscountCodeDto): Values => ({
  code: c.code,
  type: c.discount_type,
  value: c.discount_type === 'percentage' ? String(c.value) : centsToEuroInput(c.value),
  expires: c.expires_at ?? '',
  active: c.is_active,
});

/** The code dialog: `code` null creates, a code edits. */
export function CodeFormDialog({
  open,
  code,
  onClose,
  onSaved,
}: {
  open: boolean;
  code: DiscountCodeDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { errors, reset, clear, check, fromServer } = useFormErrors();
  const { run, busy } = useAdminAction();

  useEffect(() => {
    if (!open) return;
    setValues(code ? fromCode(code) : EMPTY);
    reset();
  }, [open, code, reset]);

  const set = <K extends keyof Values>(key: K, field: string, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(field);
  };

  const submit = async () => {
    const body = check(
      discountCodeSchema,
      {
        code: values.code,
        discount_type: values.type,
        value: values.type === 'percentage' ? wholeOrText(values.value) : centsOrText(values.value),
        expires_at: values.expires || null,
        is_active: values.active,
      },
      {
        ...DISCOUNT_CODE_FIELD_LABELS,
        value: values.type === 'percentage' ? OFFERS_MSG.codeFields.percent : OFFERS_MSG.codeFields.amount,
      },
    );
    if (!body) return;
    const ok = await run(
      () =>
        code
          ? callApi(ADMIN_OFFERS_API.updateDiscountCode, { params: { id: code.id }, body })
          : callApi(ADMIN_OFFERS_API.createDiscountCode, { body }),
      { success: code ? ADMIN_MSG.updated : ADMIN_MSG.created, onError: fromServer },
    );
    if (ok) onSaved();
  };

  const percent = values.type === 'percentage';
  return (
    <FormDialog
      open={open}
      title={code ? OFFERS_MSG.editCode : OFFERS_MSG.newCode}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label={OFFERS_MSG.codeFields.code}
        value={values.code}
        required
        onChange={(e) => set('code', 'code', e.target.value.toUpperCase())}
        error={Boolean(errors.code)}
        helperText={errors.code ?? OFFERS_MSG.codeHint}
        slotProps={{
          htmlInput: {
            maxLength: 32,
            autoCapitalize: 'characters',
            spellCheck: false,
            'data-testid': 'code-code',
            style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: '0.06em' },
          },
        }}
      />
      <TextField
        select
        label={OFFERS_MSG.codeFields.type}
        value={values.type}
        onChange={(e) => set('type', 'discount_type', e.target.value as DiscountType)}
        error={Boolean(errors.discount_type)}
        helperText={errors.discount_type}
      >
        {DISCOUNT_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {DISCOUNT_MSG.typeLabel[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={percent ? OFFERS_MSG.codeFields.percent : OFFERS_MSG.codeFields.amount}
        value={values.value}
        required
        onChange={(e) => set('value', 'value', e.target.value)}
        error={Boolean(errors.value)}
        helperText={errors.value}
        slotProps={{ htmlInput: { inputMode: percent ? 'numeric' : 'decimal', 'data-testid': 'code-value' } }}
      />
      <TextField
        label={OFFERS_MSG.codeFields.expires}
        type="date"
        value={values.expires}
        onChange={(e) => set('expires', 'expires_at', e.target.value)}
        error={Boolean(errors.expires_at)}
        helperText={errors.expires_at ?? OFFERS_MSG.expiresHint}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'code-expires' } }}
      />
      <FormControlLabel
        control={<Switch checked={values.active} onChange={(e) => set('active', 'is_active', e.target.checked)} />}
        label={OFFERS_MSG.codeFields.active}
      />
    </FormDialog>
  );
}
