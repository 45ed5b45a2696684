/** Small displays of a stock-sync run: its status chip (with progress while running) and origin. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { StockSyncRunSummaryDto } from '../../../../shared/api/admin-automations';
import { AUTOMATION_MSG } from '../../../../shared/messages/admin-automations';

const STATUS_COLOR = { running: 'info', completed: 'success', failed: 'error' } as const;

/** The run's status; while running, a progress bar with 'n di m prodotti'. */
export function RunStatus({ run }: { run: Pick<StockSyncRunSummaryDto, 'status' | 'progress' | 'failed'> }) {
  const color = run.status === 'completed' && run.failed > 0 ? 'warning' : STATUS_COLOR[run.status];
  return (
    <Box sx={{ minWidth: 104 }}>
      <Chip
        size="small"
        color={color}
        variant={run.status === 'running' ? 'outlined' : 'filled'}
        label={AUTOMATION_MSG.status[run.status]}
        data-testid="run-status"
      />
      {run.status === 'running' && (
        <Box sx={{ mt: 0.75 }} data-testid="run-progress">
          <LinearProgress
            variant={run.progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={run.progress.total > 0 ? (100 * run.progress.done) / run.progress.total : undefined}
            aria-label={AUTOMATION_MSG.progress(run.progress.done, run.progress.total)}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {AUTOMATION_MSG.progress(run.progress.done, run.progress.total)}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** 'Pianificata' / 'Manuale' / 'Fornitore: name'. */
export function runOrigin(
  run: Pick<StockSyncRunSummaryDto, 'trigger' | 'supplier_id'>,
  supplierNames: ReadonlyMap<string, string>,
): string {
  const label = AUTOMATION_MSG.trigger[run.trigger] ?? run.trigger;
  if (run.trigger === 'supplier' && run.supplier_id) return `${label}: ${supplierNames.get(run.supplier_id) ?? '—'}`;
  return label;
}
