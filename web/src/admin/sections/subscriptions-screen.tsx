/**
 * /admin/subscriptions (plan management; subscriptions and discount_tiers): the Aurum Club plans
 * ordered by price (create, edit, delete) and, on the same screen, the discount tiers the plans
 * copy their percentage from (create, edit, delete). A tier that plans use cannot be deleted;
 * deleting a plan stops selling it while its members keep it until their period ends. Below, the
 * members' withdrawals from the club ('Recessi dal club', club-withdrawals-table.tsx).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { formatEuro } from '../../../../shared/money';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { CATALOG_API, type DiscountTierDto, type SubscriptionPlanDto } from '../../../../shared/api/catalog';
import { ADMIN_OFFERS_API } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { DataTable, type Column } from '../ui/data-table';
import { SectionPage } from '../ui/section-page';
import { RowActions } from '../ui/row-actions';
import { MobileDetails } from '../ui/mobile-details';
import { useAdminResource } from '../ui/use-admin-list';
import { useDeleteConfirm } from '../ui/use-delete-confirm';
import { PlanFormDialog } from '../subscriptions/plan-form-dialog';
import { TierFormDialog } from '../subscriptions/tier-form-dialog';
import { ClubWithdrawalsTable } from '../subscriptions/club-withdrawals-table';

type Editing<T> = { open: false } | { open: true; item: T | null };

/** Default export: the lazily loaded screen of the 'subscriptions' section. */
export default function SubscriptionsScreen() {
  const plans = useAdminResource(ADMIN_OFFERS_API.plans, {}, ADMIN_MSG.load.plans);
  const tiers = useAdminResource(CATALOG_API.discountTiers, {}, ADMIN_MSG.load.discountTiers);
  const [planForm, setPlanForm] = useState<Editing<SubscriptionPlanDto>>({ open: false });
  const [tierForm, setTierForm] = useState<Editing<DiscountTierDto>>({ open: false });
  const planList = plans.data?.items ?? [];
  // tiers by percentage, the order a reader compares them in
  const tierList = [...(tiers.data?.items ?? [])].sort(
    (a, b) => a.discount_percentage - b.discount_percentage || a.name.localeCompare(b.name, 'it'),
  );
  const tierName = (id: string | null) => tierList.find((t) => t.id === id)?.name;
  const usage = (tierId: string) => planList.filter((p) => p.discount_tier_id === tierId).length;
  const reload = () => {
    void plans.mutate();
    void tiers.mutate();
  };
  const planDeletion = useDeleteConfirm<SubscriptionPlanDto>({
    name: (p) => p.name,
    body: (p) => OFFERS_MSG.deletePlanBody(p.name),
    remove: (p) => callApi(ADMIN_OFFERS_API.deletePlan, { params: { id: p.id } }),
    onDeleted: reload,
  });
  const tierDeletion = useDeleteConfirm<DiscountTierDto>({
    name: (t) => t.name,
    remove: (t) => callApi(ADMIN_OFFERS_API.deleteDiscountTier, { params: { id: t.id } }),
    onDeleted: reload,
  });

  const planColumns: Column<SubscriptionPlanDto>[] = [
    {
      key: 'name',
      header: OFFERS_MSG.planColumns.name,
      render: (p) => (
        <Box sx={{ minWidth: 0, maxWidth: 360 }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="admin-plan-name">
            {p.name}
          </Typography>
          <Typography
            variant="caption"
            sx={{
              color: 'text.secondary',
              display: { xs: 'none', sm: '-webkit-box' },
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {p.description}
          </Typography>
          <MobileDetails>{`${OFFERS_MSG.months(p.duration_months)} · ${p.subscription_tier.toUpperCase()} · ${p.discount_percentage}%`}</MobileDetails>
        </Box>
      ),
    },
    {
      key: 'duration',
      header: OFFERS_MSG.planColumns.duration,
      hideOnMobile: true,
      render: (p) => OFFERS_MSG.months(p.duration_months),
    },
    {
      key: 'price',
      header: OFFERS_MSG.planColumns.price,
      align: 'right',
      render: (p) => (
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatEuro(p.price_cents)}
        </Typography>
      ),
    },
    {
      key: 'tier',
      header: OFFERS_MSG.planColumns.tier,
      hideOnMobile: true,
      render: (p) => <Chip size="small" color="primary" variant="outlined" label={p.subscription_tier.toUpperCase()} />,
    },
    {
      key: 'discount',
      header: OFFERS_MSG.planColumns.discount,
      hideOnMobile: true,
      render: (p) => (
        <Box>
          <Typography sx={{ fontWeight: 700 }} data-testid="admin-plan-discount">
            {p.discount_percentage}%
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {tierName(p.discount_tier_id) ?? OFFERS_MSG.noDiscountTier}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'actions',
      header: OFFERS_MSG.planColumns.actions,
      align: 'right',
      render: (p) => (
        <RowActions
          name={p.name}
          onEdit={() => setPlanForm({ open: true, item: p })}
          onDelete={() => planDeletion.ask(p)}
        />
      ),
    },
  ];

  const tierColumns: Column<DiscountTierDto>[] = [
    {
      key: 'name',
      header: OFFERS_MSG.tierColumns.name,
      render: (t) => (
        <Box>
          <Typography sx={{ fontWeight: 700 }} data-testid="admin-tier-name">
            {t.name}
          </Typography>
          <MobileDetails>{OFFERS_MSG.tierPlans(usage(t.id))}</MobileDetails>
        </Box>
      ),
    },
    {
      key: 'percentage',
      header: OFFERS_MSG.tierColumns.percentage,
      align: 'right',
      render: (t) => (
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{t.discount_percentage}%</Typography>
      ),
    },
    {
      key: 'plans',
      header: OFFERS_MSG.tierColumns.plans,
      hideOnMobile: true,
      render: (t) => OFFERS_MSG.tierPlans(usage(t.id)),
    },
    {
      key: 'actions',
      header: OFFERS_MSG.tierColumns.actions,
      align: 'right',
      render: (t) => (
        <RowActions
          name={t.name}
          onEdit={() => setTierForm({ open: true, item: t })}
          onDelete={() => tierDeletion.ask(t)}
          deleteDisabledReason={usage(t.id) > 0 ? OFFERS_MSG.tierInUseHint : null}
        />
      ),
    },
  ];

  return (
    <SectionPage
      title={OFFERS_MSG.plansTitle}
      description={OFFERS_MSG.plansDescription}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setPlanForm({ open: true, item: null })}>
          {OFFERS_MSG.newPlan}
        </Button>
      }
    >
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {OFFERS_MSG.plansSection}
      </Typography>
      <DataTable
        label={OFFERS_MSG.plansSection}
        rows={planList}
        columns={planColumns}
        rowKey={(p) => p.id}
        loading={plans.isLoading}
        skeletonRows={4}
        empty={{ title: OFFERS_MSG.plansEmpty, hint: OFFERS_MSG.plansEmptyHint }}
      />

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 2,
          mt: 5,
          mb: 1.5,
        }}
      >
        <Box sx={{ maxWidth: 640 }}>
          <Typography component="h2" variant="h6">
            {OFFERS_MSG.tiersSection}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {OFFERS_MSG.tiersDescription}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<Add />} onClick={() => setTierForm({ open: true, item: null })}>
          {OFFERS_MSG.newTier}
        </Button>
      </Box>
      <DataTable
        label={OFFERS_MSG.tiersSection}
        rows={tierList}
        columns={tierColumns}
        rowKey={(t) => t.id}
        loading={tiers.isLoading}
        skeletonRows={4}
        empty={{ title: OFFERS_MSG.tiersEmpty, hint: OFFERS_MSG.tiersEmptyHint }}
      />

      <ClubWithdrawalsTable />

      <PlanFormDialog
        open={planForm.open}
        plan={planForm.open ? planForm.item : null}
        tiers={tierList}
        onClose={() => setPlanForm({ open: false })}
        onSaved={() => {
          setPlanForm({ open: false });
          reload();
        }}
      />
      <TierFormDialog
        open={tierForm.open}
        tier={tierForm.open ? tierForm.item : null}
        onClose={() => setTierForm({ open: false })}
        onSaved={() => {
          setTierForm({ open: false });
          reload();
        }}
      />
      {planDeletion.dialog}
      {tierDeletion.dialog}
    </SectionPage>
  );
}
