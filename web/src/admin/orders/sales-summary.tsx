/**
 * The sales summary above the Ordini list (admin only, capability 'sales'): revenue, orders and
 * average order of the last 30 days, a chart of revenue (bars) and orders (line) per day, orders by
 * status, best sellers. Its own lazy chunk: MUI X Charts loads only when an admin opens Ordini.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { BarPlot } from '@mui/x-charts/BarChart';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ORDER_STATUSES } from '../../../../shared/orders';
import { formatEuro } from '../../../../shared/money';
import { ORDERS_MSG } from '../../../../shared/messages/admin-orders';
import { ADMIN_API } from '../../../../shared/api/admin';
import type { SalesSummaryDto } from '../../../../shared/api/admin';
import { OrderStatusChip } from '../../ui/order-status-chip';
import { useAdminResource } from '../ui/use-admin-list';

const dayLabel = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, minWidth: 0 }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{
          fontWeight: 800,
          fontSize: { xs: '1.35rem', sm: '1.6rem' },
          fontVariantNumeric: 'tabular-nums',
          color: 'primary.main',
        }}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

function SalesChart({ summary }: { summary: SalesSummaryDto }) {
  const theme = useTheme();
  const gold = theme.palette.primary.main;
  const lineColor = theme.palette.mode === 'dark' ? '#B8B2A0' : '#6B6455';
  const mostOrders = Math.max(1, ...summary.by_day.map((d) => d.orders));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const every = phone ? 10 : 5;
  return (
    <ChartsDataProvider
      height={300}
      margin={{ left: 8, right: 8, top: 12, bottom: 8 }}
      series={[
        {
          type: 'bar',
          id: 'revenue',
          label: ORDERS_MSG.revenueSeries,
          data: summary.by_day.map((d) => d.revenue_cents / 100),
          yAxisId: 'revenue',
          color: gold,
          valueFormatter: (v) => (v === null ? '' : formatEuro(Math.round(v * 100))),
        },
        {
          type: 'line',
          id: 'orders',
          label: ORDERS_MSG.ordersSeries,
          data: summary.by_day.map((d) => d.orders),
          yAxisId: 'orders',
          color: lineColor,
          curve: 'linear',
        },
      ]}
      xAxis={[
        {
          id: 'days',
          scaleType: 'band',
          data: summary.by_day.map((d) => d.date),
          valueFormatter: shortDay,
          tickLabelInterval: (_v, i) => i % every === every - 1,
          categoryGapRatio: 0.35,
        },
      ]}
      yAxis={[
        { id: 'revenue', position: 'left', width: 64, valueFormatter: (v: number) => `${Math.round(v)} €` },
        { id: 'orders', position: 'right', width: 32, tickMinStep: 1, min: 0, max: mostOrders + 1 },
      ]}
    >
      <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'end' }}>
        <ChartsLegend />
        <ChartsSurface>
          <ChartsGrid horizontal />
          <BarPlot borderRadius={3} />
          <LinePlot />
          <MarkPlot />
          <ChartsXAxis axisId="days" />
          <ChartsYAxis axisId="revenue" />
          <ChartsYAxis axisId="orders" />
          <ChartsAxisHighlight x="band" />
        </ChartsSurface>
        <ChartsTooltip />
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}

/** The admin's sales summary card (default export: lazy-loaded by the Ordini screen). */
export default function SalesSummary() {
  const { data, isLoading } = useAdminResource(ADMIN_API.salesSummary, {}, ORDERS_MSG.loadSummary);
  const statusTotal = data ? Math.max(1, ...Object.values(data.by_status)) : 1;
  return (
    <Box component="section" aria-label={ORDERS_MSG.summaryTitle} data-testid="sales-summary" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {ORDERS_MSG.summaryTitle}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 1, sm: 2 },
          mb: 2,
          '& > :first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
        }}
      >
        {isLoading || !data ? (
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={92} />)
        ) : (
          <>
            <Stat
              label={ORDERS_MSG.revenue}
              value={formatEuro(data.revenue_cents)}
              hint={ORDERS_MSG.excludingCancelled}
              testId="sales-revenue"
            />
            <Stat label={ORDERS_MSG.orders} value={String(data.orders)} testId="sales-orders" />
            <Stat label={ORDERS_MSG.averageOrder} value={formatEuro(data.average_order_cents)} testId="sales-average" />
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 1, sm: 2 }, borderRadius: 2, minWidth: 0 }}
          role="figure"
          aria-label={ORDERS_MSG.chartLabel}
        >
          {isLoading || !data ? <Skeleton variant="rounded" height={320} /> : <SalesChart summary={data} />}
        </Paper>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {ORDERS_MSG.byStatus}
            </Typography>
            {isLoading || !data ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              ORDER_STATUSES.map((s) => (
                <Box
                  key={s}
                  sx={{ display: 'grid', gridTemplateColumns: '140px 1fr 32px', alignItems: 'center', gap: 1, py: 0.5 }}
                  data-testid="sales-status"
                >
                  <OrderStatusChip status={s} />
                  <LinearProgress
                    variant="determinate"
                    value={(data.by_status[s] / statusTotal) * 100}
                    sx={{ height: 6, borderRadius: 3 }}
                    aria-hidden
                  />
                  <Typography sx={{ textAlign: 'right', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    {data.by_status[s]}
                  </Typography>
                </Box>
              ))
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {ORDERS_MSG.topProducts}
            </Typography>
            {isLoading || !data ? (
              <Skeleton variant="rounded" height={120} />
            ) : data.top_products.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{ORDERS_MSG.noSales}</Typography>
            ) : (
              <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                {data.top_products.map((p) => (
                  <Box
                    component="li"
                    key={p.product_id ?? p.bundle_id ?? p.name}
                    sx={{ py: 0.5 }}
                    data-testid="sales-top-product"
                  >
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <Typography
                        sx={{
                          fontWeight: 600,
                          minWidth: 0,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {p.name}
                      </Typography>
                      <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatEuro(p.revenue_cents)}
                      </Typography>
                    </Box>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {ORDERS_MSG.unitsSold(p.units)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
