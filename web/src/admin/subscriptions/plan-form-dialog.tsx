/**
 * Create / edit an Aurum Club plan (subscriptions and their validation rule): name,
 * description, price, duration in months, tier (Advanced, Premium, Expert, Legends) and the
 * discount tier whose percentage the plan copies (0 if none; the server copies it).
 */
import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../../../shared/tiers';
import { centsToEuroInput } from '../../../../shared/money';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { PLAN_FIELD_LABELS, planSchema } from '../../../../shared/schemas/admin-subscriptions';
import type { DiscountTierDto, SubscriptionPlanDto } from '../../../../shared/api/catalog';
import { ADMIN_OFFERS_API } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { FormDialog } from '../ui/form-dialog';
import { useFormErrors } from '../ui/use-form-errors';
import { centsOrText, wholeOrText } from '../ui/form-values';
import { useAdminAction } from '../ui/use-admin-action';

interface Values {
  name: string;
  description: string;
  price: string;
  duration: string;
  tier: SubscriptionTier;
  discountTierId: string;
}

const EMPTY: Values = { name: '', description: '', price: '', duration: '1', tier: 'Premium', discountTierId: '' };

const fromPlan = (p: SubscriptionPlanDto): Values => ({
  name: p.name,
  description: p.description,
  price: centsToEuroInput(p.price_cents),
  duration: String(p.duration_months),
  tier: p.subscription_tier,
  discountTierId: p.discount_tier_id ?? '',
});

/** The plan dialog: `plan` null creates, a plan edits; `open` false hides it. */
export function PlanFormDialog({
  open,
  plan,
  tiers,
  onClose,
  onSaved,
}: {
  open: boolean;
  plan: SubscriptionPlanDto | null;
  tiers: DiscountTierDto[];
  onClose(): void;
  onSaved(): void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { errors, reset, clear, check, fromServer } = useFormErrors();
  const { run, busy } = useAdminAction();

  useEffect(() => {
    if (!open) return;
    setValues(plan ? fromPlan(plan) : EMPTY);
    reset();
  }, [open, plan, reset]);

  const set = <K extends keyof Values>(key: K, field: string, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(field);
  };
  const chosen = tiers.find((t) => t.id === values.discountTierId);

  const submit = async () => {
    const body = check(
      planSchema,
      {
        name: values.name,
        description: values.description,
        price_cents: centsOrText(values.price),
        duration_months: wholeOrText(values.duration),
        subscription_tier: values.tier,
        discount_tier_id: values.discountTierId || null,
      },
      PLAN_FIELD_LABELS,
    );
    if (!body) return;
    const ok = await run(
      () =>
        plan
          ? callApi(ADMIN_OFFERS_API.updatePlan, { params: { id: plan.id }, body })
          : callApi(ADMIN_OFFERS_API.createPlan, { body }),
      { success: plan ? ADMIN_MSG.updated : ADMIN_MSG.created, onError: fromServer },
    );
    if (ok) onSaved();
  };

  const field = (
    key: 'name' | 'description' | 'price' | 'duration',
    name: string,
    label: string,
    extra: object = {},
  ) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(e) => set(key, name, e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      slotProps={{ htmlInput: { 'data-testid': `plan-${name}` } }}
      {...extra}
    />
  );

  return (
    <FormDialog
      open={open}
      title={plan ? OFFERS_MSG.editPlan : OFFERS_MSG.newPlan}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {field('name', 'name', OFFERS_MSG.planFields.name, { required: true })}
      {field('description', 'description', OFFERS_MSG.planFields.description, { multiline: true, minRows: 3 })}
      {field('price', 'price_cents', OFFERS_MSG.planFields.price, {
        required: true,
        slotProps: { htmlInput: { inputMode: 'decimal', 'data-testid': 'plan-price_cents' } },
      })}
      {field('duration', 'duration_months', OFFERS_MSG.planFields.duration, {
        required: true,
        type: 'number',
        slotProps: { htmlInput: { min: 1, max: 36, step: 1, 'data-testid': 'plan-duration_months' } },
      })}
      <TextField
        select
        label={OFFERS_MSG.planFields.tier}
        value={values.tier}
        onChange={(e) => set('tier', 'subscription_tier', e.target.value as SubscriptionTier)}
        error={Boolean(errors.subscription_tier)}
        helperText={errors.subscription_tier}
        required
      >
        {SUBSCRIPTION_TIERS.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={OFFERS_MSG.planFields.discountTier}
        value={values.discountTierId}
        onChange={(e) => set('discountTierId', 'discount_tier_id', e.target.value)}
        error={Boolean(errors.discount_tier_id)}
        helperText={errors.discount_tier_id}
      >
        <MenuItem value="">{OFFERS_MSG.noDiscountTier}</MenuItem>
        {tiers.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {OFFERS_MSG.tierOption(t.name, t.discount_percentage)}
          </MenuItem>
        ))}
      </TextField>
      <Typography sx={{ color: 'primary.main', fontWeight: 600 }} data-testid="plan-copied-percentage">
        {OFFERS_MSG.copiedPercentage(chosen?.discount_percentage ?? 0)}
      </Typography>
    </FormDialog>
  );
}
