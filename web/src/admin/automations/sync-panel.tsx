/**
 * 'Sincronizzazione scorte': 'Avvia Sincronizzazione' starts the job (with the spec's toasts), and
 * the last runs below show its progress and let the admin open one. The list refreshes while a
 * run is in progress, whoever started it (the schedule, this button or a supplier's
 * 'Sincronizza ora').
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { AUTOMATIONS_API, type StockSyncRunSummaryDto } from '../../../../shared/api/admin-automations';
import { AUTOMATION_MSG } from '../../../../shared/messages/admin-automations';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { DataTable, type Column } from '../ui/data-table';
import { useAdminResource, useCursorList } from '../ui/use-admin-list';
import { formatDateTime } from '../ui/format';
import { RunStatus, runOrigin } from './run-labels';
import { RunDialog } from './run-dialog';
import { useStartSync } from './use-start-sync';
import { usePollWhile } from './use-poll-while';

/** The start button and the last runs. */
export function SyncPanel() {
  const runs = useCursorList<StockSyncRunSummaryDto>(
    AUTOMATIONS_API.stockSyncRuns,
    { limit: 10 },
    AUTOMATION_MSG.loadRuns,
  );
  const suppliers = useAdminResource(AUTOMATIONS_API.suppliers, {}, ADMIN_MSG.load.suppliers);
  const supplierNames = useMemo(
    () => new Map((suppliers.data?.items ?? []).map((s) => [s.id, s.name])),
    [suppliers.data],
  );
  const { start, starting } = useStartSync();
  const [open, setOpen] = useState<string | null>(null);
  const running = runs.items.some((r) => r.status === 'running');
  const { reload } = runs;
  usePollWhile(running, reload);

  const startAll = async () => {
    if (await start()) void reload();
  };

  const columns: Column<StockSyncRunSummaryDto>[] = [
    {
      key: 'started',
      header: AUTOMATION_MSG.columns.started,
      render: (r) => (
        <Box>
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
          >
            {formatDateTime(r.started_at)}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', display: { sm: 'none' } }}>
            {runOrigin(r, supplierNames)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'trigger',
      header: AUTOMATION_MSG.columns.trigger,
      hideOnMobile: true,
      render: (r) => (
        <Typography variant="body2" data-testid="run-origin">
          {runOrigin(r, supplierNames)}
        </Typography>
      ),
    },
    { key: 'status', header: AUTOMATION_MSG.columns.status, render: (r) => <RunStatus run={r} /> },
    {
      key: 'checked',
      header: AUTOMATION_MSG.columns.checked,
      align: 'right',
      hideOnMobile: true,
      render: (r) => r.checked,
    },
    {
      key: 'changed',
      header: AUTOMATION_MSG.columns.changed,
      align: 'right',
      hideOnMobile: true,
      render: (r) => (
        <Box component="span" data-testid="run-changed">
          {r.changed}
        </Box>
      ),
    },
    {
      key: 'failed',
      header: AUTOMATION_MSG.columns.failed,
      align: 'right',
      hideOnMobile: true,
      render: (r) => (
        <Box
          component="span"
          sx={{ color: r.failed > 0 ? 'error.main' : 'inherit', fontWeight: r.failed > 0 ? 700 : 400 }}
        >
          {r.failed}
        </Box>
      ),
    },
    {
      key: 'open',
      header: AUTOMATION_MSG.columns.actions,
      align: 'right',
      render: (r) => (
        <Button
          size="small"
          onClick={() => setOpen(r.id)}
          aria-label={`${AUTOMATION_MSG.open} ${formatDateTime(r.started_at)}`}
        >
          {AUTOMATION_MSG.open}
        </Button>
      ),
    },
  ];

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
      component="section"
      aria-labelledby="sync-title"
    >
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography id="sync-title" component="h2" variant="h6">
            {AUTOMATION_MSG.syncTitle}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{AUTOMATION_MSG.syncHint}</Typography>
        </Box>
        <Button
          variant="contained"
          onClick={() => void startAll()}
          disabled={starting !== null || running}
          startIcon={starting === 'all' ? <CircularProgress size={18} color="inherit" /> : <SyncOutlined />}
          sx={{ whiteSpace: 'nowrap', minHeight: 44 }}
        >
          {AUTOMATION_MSG.startSync}
        </Button>
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        {AUTOMATION_MSG.runsTitle}
      </Typography>
      <DataTable
        label={AUTOMATION_MSG.runsTable}
        rows={runs.items}
        columns={columns}
        rowKey={(r) => r.id}
        loading={runs.isLoading}
        skeletonRows={3}
        empty={{ title: AUTOMATION_MSG.runsEmpty, hint: AUTOMATION_MSG.runsEmptyHint }}
        footer={
          runs.hasMore ? (
            <Button onClick={runs.loadMore} disabled={runs.isLoadingMore}>
              {ADMIN_MSG.loadMore}
            </Button>
          ) : undefined
        }
      />
      <RunDialog runId={open} supplierNames={supplierNames} onClose={() => setOpen(null)} />
    </Paper>
  );
}
