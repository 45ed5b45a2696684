/**
 * /admin/orders: the admin's sales summary (capability 'sales', a lazy chunk
 * with the charts), then every order newest first with the customer's email, paged by the server
 * ('Carica altri'), filtered by status or, for the admin, 'Da rimborsare' (orders paid after their
 * stock went back, waiting for their refund), searchable by order id (the 8 characters customers
 * see); a row opens the order's detail, where status and tracking are edited and money refunded.
 */
import { lazy, Suspense, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { can } from '../../../../shared/permissions';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/orders';
import { formatEuro } from '../../../../shared/money';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { ORDERS_MSG } from '../../../../shared/messages/admin-orders';
import { ADMIN_API } from '../../../../shared/api/admin';
import type { AdminOrderDto } from '../../../../shared/api/orders';
import { apiPath } from '../../../../shared/api/route';
import { useSession } from '../../session/session';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { OrderStatusChip, ToneChip } from '../../ui/order-status-chip';
import { RefundStateChip } from '../../ui/refund-state-chip';
import { REFUND_UI_MSG } from '../../../../shared/messages/refunds-ui';
import { DataTable, type Column } from '../ui/data-table';
import { SectionPage } from '../ui/section-page';
import { formatDateTime } from '../ui/format';
import { shortOrderId } from '../../ui/order-display';
import { useCursorList } from '../ui/use-admin-list';
import { LoadMore } from '../ui/load-more';
import { SectionErrorBoundary } from '../ui/section-error-boundary';
import { MobileDetails } from '../ui/mobile-details';
import { AdminSearchField } from '../ui/search-field';
import { OrderDetailDialog } from '../orders/order-detail-dialog';
import { WITHDRAWAL_UI_MSG } from '../../../../shared/messages/withdrawals-ui';
import { orderSearchQuery } from '../orders/order-search';

const SalesSummary = lazy(() => import('../orders/sales-summary'));
const NEEDS_REFUND = 'needs_refund';
const WITHDRAWALS = 'withdrawals';
const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** Default export: the lazily loaded screen of the 'orders' section. */
export default function OrdersScreen() {
  const { user } = useSession();
  const { mutate: mutateKey } = useSWRConfig();
  /**
   * A status, '' (all), NEEDS_REFUND ('Da rimborsare': the flagged orders still waiting for their
   * refund) or WITHDRAWALS ('Recessi': the orders with a withdrawal not refunded yet).
   */
  const [status, setStatus] = useState<OrderStatus | '' | typeof NEEDS_REFUND | typeof WITHDRAWALS>('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<AdminOrderDto | null>(null);
  const typed = useDebouncedValue(search, 300);
  const q = orderSearchQuery(typed);
  const tooShort = typed.trim() !== '' && q === null;
  const list = useCursorList(
    ADMIN_API.orders,
    status === NEEDS_REFUND
      ? { needs_refund: 'true', q }
      : status === WITHDRAWALS
        ? { withdrawals: 'open', q }
        : { status, q },
    ADMIN_MSG.load.orders,
  );
  const filtered = Boolean(status || q);

  const saved = (order: AdminOrderDto) => {
    void list.mutate(
      (pages) => pages?.map((p) => ({ ...p, items: p.items.map((o) => (o.id === order.id ? order : o)) })),
      { revalidate: Boolean(status) },
    );
    void mutateKey(apiPath(ADMIN_API.salesSummary));
    setOpen(null);
  };
  const refunded = (order: AdminOrderDto) => {
    void list.mutate(
      (pages) => pages?.map((p) => ({ ...p, items: p.items.map((o) => (o.id === order.id ? order : o)) })),
      { revalidate: Boolean(status) },
    );
    void mutateKey(apiPath(ADMIN_API.salesSummary));
    setOpen(order);
  };

  const columns: Column<AdminOrderDto>[] = [
    {
      key: 'order',
      header: ORDERS_MSG.columns.order,
      render: (o) => (
        <Box>
          <Typography
            component="span"
            data-testid="admin-order-id"
            sx={{ fontFamily: mono, fontWeight: 800, color: 'primary.main', letterSpacing: '0.04em' }}
          >
            #{shortOrderId(o.id)}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {formatDateTime(o.created_at)}
          </Typography>
          <MobileDetails>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {o.user_email ?? ORDERS_MSG.erasedCustomer}
            </Box>
            <OrderStatusChip status={o.status} />
          </MobileDetails>
        </Box>
      ),
    },
    {
      key: 'customer',
      header: ORDERS_MSG.columns.customer,
      hideOnMobile: true,
      render: (o) => (
        <Typography sx={{ overflowWrap: 'anywhere', fontSize: '0.9rem' }}>
          {o.user_email ?? ORDERS_MSG.erasedCustomer}
        </Typography>
      ),
    },
    {
      key: 'items',
      header: ORDERS_MSG.columns.items,
      hideOnMobile: true,
      render: (o) => ORDERS_MSG.itemsCount(o.items.reduce((s, i) => s + i.quantity, 0)),
    },
    {
      key: 'total',
      header: ORDERS_MSG.columns.total,
      align: 'right',
      render: (o) => (
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatEuro(o.total_cents)}
        </Typography>
      ),
    },
    {
      key: 'status',
      header: ORDERS_MSG.columns.status,
      hideOnMobile: true,
      render: (o) => (
        <Box data-testid="admin-order-status" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <OrderStatusChip status={o.status} />
          <RefundStateChip state={o.refund_state} />
          {o.needs_refund && o.refund_state !== 'full' && (
            <ToneChip label={REFUND_UI_MSG.needsRefund} tone="red" testId="order-needs-refund" />
          )}
          {o.withdrawals.some((w) => w.status !== 'refunded') && (
            <ToneChip label={WITHDRAWAL_UI_MSG.filter} tone="yellow" testId="order-open-withdrawal" />
          )}
        </Box>
      ),
    },
    {
      key: 'tracking',
      header: ORDERS_MSG.columns.tracking,
      hideOnMobile: true,
      render: (o) => (
        <Typography sx={{ fontFamily: mono, fontSize: '0.8rem' }}>
          {o.tracking_number ?? ORDERS_MSG.noTracking}
        </Typography>
      ),
    },
    {
      key: 'open',
      header: '',
      align: 'right',
      width: 48,
      render: (o) => (
        <Tooltip title={ORDERS_MSG.details}>
          <IconButton
            size="small"
            aria-label={`${ORDERS_MSG.details} #${shortOrderId(o.id)}`}
            onClick={() => setOpen(o)}
            data-testid="admin-order-open"
          >
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <SectionPage title={ORDERS_MSG.title} description={ORDERS_MSG.description}>
      {user && can(user.role, 'sales') && (
        <SectionErrorBoundary
          fallback={
            <Alert severity="error" sx={{ mb: 3 }}>
              {ORDERS_MSG.loadSummary}
            </Alert>
          }
        >
          <Suspense fallback={<Skeleton variant="rounded" height={420} sx={{ mb: 3 }} />}>
            <SalesSummary />
          </Suspense>
        </SectionErrorBoundary>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '220px minmax(0, 440px)' },
          gap: 2,
          mb: 2,
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label={ORDERS_MSG.statusFilter}
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus | '' | typeof NEEDS_REFUND | typeof WITHDRAWALS)}
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'orders-status-filter' },
          }}
        >
          <MenuItem value="">{ORDERS_MSG.allStatuses}</MenuItem>
          {ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
          {user && can(user.role, 'refunds') && (
            <MenuItem value={NEEDS_REFUND} data-testid="orders-filter-needs-refund">
              {REFUND_UI_MSG.needsRefundFilter}
            </MenuItem>
          )}
          <MenuItem value={WITHDRAWALS} data-testid="orders-filter-withdrawals">
            {WITHDRAWAL_UI_MSG.filter}
          </MenuItem>
        </TextField>
        <AdminSearchField
          label={ORDERS_MSG.search}
          value={search}
          onChange={setSearch}
          error={tooShort}
          helperText={tooShort ? ORDERS_MSG.searchTooShort : ORDERS_MSG.searchHint}
          maxLength={40}
          testId="orders-search"
        />
      </Box>
      <DataTable
        label={ORDERS_MSG.tableLabel}
        rows={list.items}
        columns={columns}
        rowKey={(o) => o.id}
        loading={list.isLoading}
        empty={
          filtered
            ? { title: ORDERS_MSG.empty, hint: ORDERS_MSG.emptyHint }
            : { title: ORDERS_MSG.emptyAll, hint: ORDERS_MSG.emptyAllHint }
        }
        footer={list.hasMore ? <LoadMore list={list} /> : null}
      />
      <OrderDetailDialog order={open} onClose={() => setOpen(null)} onSaved={saved} onRefunded={refunded} />
    </SectionPage>
  );
}
