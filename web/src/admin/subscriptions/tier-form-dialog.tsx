/**
 * Create / edit a discount tier (discount_tiers): a name and a whole percentage. Saving a
 * new percentage updates every plan that uses the tier (the server does it in one transaction).
 */
import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { PLAN_FIELD_LABELS, discountTierSchema } from '../../../../shared/schemas/admin-subscriptions';
import type { DiscountTierDto } from '../../../../shared/api/catalog';
import { ADMIN_OFFERS_API } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { FormDialog } from '../ui/form-dialog';
import { useFormErrors } from '../ui/use-form-errors';
import { wholeOrText } from '../ui/form-values';
import { useAdminAction } from '../ui/use-admin-action';

/** The tier dialog: `tier` null creates, a tier edits. */
export function TierFormDialog({
  open,
  tier,
  onClose,
  onSaved,
}: {
  open: boolean;
  tier: DiscountTierDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [name, setName] = useState('');
  const [percentage, setPercentage] = useState('');
  const { errors, reset, clear, check, fromServer } = useFormErrors();
  const { run, busy } = useAdminAction();

  useEffect(() => {
    if (!open) return;
    setName(tier?.name ?? '');
    setPercentage(tier ? String(tier.discount_percentage) : '');
    reset();
  }, [open, tier, reset]);

  const submit = async () => {
    const body = check(discountTierSchema, { name, discount_percentage: wholeOrText(percentage) }, PLAN_FIELD_LABELS);
    if (!body) return;
    const ok = await run(
      () =>
        tier
          ? callApi(ADMIN_OFFERS_API.updateDiscountTier, { params: { id: tier.id }, body })
          : callApi(ADMIN_OFFERS_API.createDiscountTier, { body }),
      { success: tier ? ADMIN_MSG.updated : ADMIN_MSG.created, onError: fromServer },
    );
    if (ok) onSaved();
  };

  return (
    <FormDialog
      open={open}
      title={tier ? OFFERS_MSG.editTier : OFFERS_MSG.newTier}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      maxWidth="xs"
    >
      <TextField
        label={OFFERS_MSG.tierFields.name}
        value={name}
        required
        onChange={(e) => {
          setName(e.target.value);
          clear('name');
        }}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'tier-name' } }}
      />
      <TextField
        label={OFFERS_MSG.tierFields.percentage}
        value={percentage}
        required
        type="number"
        onChange={(e) => {
          setPercentage(e.target.value);
          clear('discount_percentage');
        }}
        error={Boolean(errors.discount_percentage)}
        helperText={errors.discount_percentage ?? (tier ? OFFERS_MSG.tiersDescription : undefined)}
        slotProps={{ htmlInput: { min: 1, max: 100, step: 1, 'data-testid': 'tier-percentage' } }}
      />
    </FormDialog>
  );
}
