/**
 * 'Recessi dal club' in the back office's Abbonamenti: the members who withdrew from the Aurum Club
 * within 14 days, newest first (GET /api/admin/club-withdrawals): when, who, the plan, what was paid,
 * kept for the days enjoyed and refunded, and whether the server finished it. Nothing to act on: the
 * server cancels and refunds at once.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatEuro } from '../../../../shared/money';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { ADMIN_OFFERS_API, type AdminClubWithdrawalDto } from '../../../../shared/api/admin-offers';
import { DataTable, type Column } from '../ui/data-table';
import { MobileDetails } from '../ui/mobile-details';
import { useAdminResource } from '../ui/use-admin-list';
import { formatDateTime } from '../ui/format';

const C = OFFERS_MSG.clubWithdrawalColumns;

export function ClubWithdrawalsTable() {
  const list = useAdminResource(ADMIN_OFFERS_API.clubWithdrawals, {}, ADMIN_MSG.load.clubWithdrawals, { limit: '50' });
  const rows = list.data?.items ?? [];
  const columns: Column<AdminClubWithdrawalDto>[] = [
    {
      key: 'requested',
      header: C.requested,
      render: (w) => (
        <Typography sx={{ whiteSpace: 'nowrap', fontSize: '0.9rem' }}>{formatDateTime(w.requested_at)}</Typography>
      ),
    },
    {
      key: 'member',
      header: C.member,
      render: (w) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography
            sx={{ fontWeight: 600, fontSize: '0.9rem', overflowWrap: 'anywhere' }}
            data-testid="admin-club-withdrawal-email"
          >
            {w.email}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {w.plan_name}
          </Typography>
          <MobileDetails>{`${formatEuro(w.refund_cents)} · ${OFFERS_MSG.clubWithdrawalState[w.status]}`}</MobileDetails>
        </Box>
      ),
    },
    { key: 'paid', header: C.paid, hideOnMobile: true, align: 'right', render: (w) => formatEuro(w.paid_cents) },
    {
      key: 'kept',
      header: C.kept,
      hideOnMobile: true,
      align: 'right',
      render: (w) => (
        <Box>
          {formatEuro(w.kept_cents)}
          <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {OFFERS_MSG.clubWithdrawalDays(w.days_used, w.period_days)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'refund',
      header: C.refund,
      hideOnMobile: true,
      align: 'right',
      render: (w) => <strong data-testid="admin-club-withdrawal-refund">{formatEuro(w.refund_cents)}</strong>,
    },
    {
      key: 'state',
      header: C.state,
      hideOnMobile: true,
      render: (w) => (
        <Chip
          size="small"
          variant="outlined"
          color={w.status === 'completed' ? 'success' : 'warning'}
          label={OFFERS_MSG.clubWithdrawalState[w.status]}
        />
      ),
    },
  ];
  return (
    <>
      <Box sx={{ maxWidth: 640, mt: 5, mb: 1.5 }}>
        <Typography component="h2" variant="h6">
          {OFFERS_MSG.clubWithdrawalsSection}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {OFFERS_MSG.clubWithdrawalsDescription}
        </Typography>
      </Box>
      <DataTable
        label={OFFERS_MSG.clubWithdrawalsSection}
        rows={rows}
        columns={columns}
        rowKey={(w) => w.stripe_subscription_id}
        loading={list.isLoading}
        skeletonRows={2}
        empty={{ title: OFFERS_MSG.clubWithdrawalsEmpty, hint: OFFERS_MSG.clubWithdrawalsEmptyHint }}
      />
    </>
  );
}
