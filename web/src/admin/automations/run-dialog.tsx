/**
 * One stock-sync run opened from the list (Automazioni shows the last runs and lets the admin
 * open one): times, origin, counters, the products whose stock changed (from -> to), the products
 * and suppliers that failed with their reasons, and the alerts sent. Refreshes while running.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AUTOMATIONS_API, type StockSyncOutcomeDto } from '../../../../shared/api/admin-automations';
import { AUTOMATION_MSG } from '../../../../shared/messages/admin-automations';
import { useAdminResource } from '../ui/use-admin-list';
import { formatDateTime } from '../ui/format';
import { RunStatus, runOrigin } from './run-labels';
import { usePollWhile } from './use-poll-while';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2.5 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The run dialog; `runId` null keeps it closed. */
export function RunDialog({
  runId,
  supplierNames,
  onClose,
}: {
  runId: string | null;
  supplierNames: ReadonlyMap<string, string>;
  onClose(): void;
}) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const run = useAdminResource(AUTOMATIONS_API.stockSyncRun, runId ? { id: runId } : null, AUTOMATION_MSG.loadRuns);
  const data = run.data;
  const running = data?.status === 'running';
  usePollWhile(running, run.mutate);

  const changed = (data?.outcomes ?? []).filter(
    (o): o is Extract<StockSyncOutcomeDto, { status: 'changed' }> => o.status === 'changed',
  );
  const failed = (data?.outcomes ?? []).filter(
    (o): o is Extract<StockSyncOutcomeDto, { status: 'failed' }> => o.status === 'failed',
  );
  const supplierName = (id: string) => supplierNames.get(id) ?? '—';

  return (
    <Dialog
      open={runId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="run-dialog-title"
      slotProps={{ paper: { sx: { borderRadius: phone ? 0 : 3 } } }}
    >
      <DialogTitle id="run-dialog-title" sx={{ fontFamily: (t) => t.typography.h5.fontFamily }}>
        {AUTOMATION_MSG.runDetail}
      </DialogTitle>
      <DialogContent dividers sx={{ maxHeight: phone ? undefined : '80vh' }} data-testid="run-dialog">
        {!data ? (
          <Box>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="text" height={32} />
            ))}
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
              <Fact label={AUTOMATION_MSG.columns.started} value={formatDateTime(data.started_at)} />
              <Fact label={AUTOMATION_MSG.finished} value={formatDateTime(data.finished_at)} />
              <Fact label={AUTOMATION_MSG.columns.trigger} value={runOrigin(data, supplierNames)} />
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {AUTOMATION_MSG.columns.status}
                </Typography>
                <RunStatus run={data} />
              </Box>
              <Fact label={AUTOMATION_MSG.columns.checked} value={String(data.checked)} />
              <Fact label={AUTOMATION_MSG.columns.changed} value={String(data.changed)} />
              <Fact label={AUTOMATION_MSG.columns.failed} value={String(data.failed)} />
            </Box>
            {data.error && (
              <Typography sx={{ mt: 2, color: 'error.main' }}>
                {AUTOMATION_MSG.runError}: {data.error}
              </Typography>
            )}
            {data.outcomes_truncated && (
              <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                {AUTOMATION_MSG.truncated}
              </Typography>
            )}
            {data.status !== 'running' && (
              <Section title={AUTOMATION_MSG.changedTitle}>
                {changed.length === 0 ? (
                  <Typography sx={{ color: 'text.secondary' }}>{AUTOMATION_MSG.noChanges}</Typography>
                ) : (
                  <Table size="small" aria-label={AUTOMATION_MSG.changedTitle}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Prodotto</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          {AUTOMATION_MSG.supplier}
                        </TableCell>
                        <TableCell align="right">Prima</TableCell>
                        <TableCell align="right">Dopo</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {changed.map((o) => (
                        <TableRow key={o.product_id} data-testid="run-changed-row">
                          <TableCell>{o.name}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                            {supplierName(o.supplier_id)}
                          </TableCell>
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {o.from}
                          </TableCell>
                          <TableCell
                            align="right"
                            sx={{
                              fontVariantNumeric: 'tabular-nums',
                              fontWeight: 700,
                              color: o.to <= 0 ? 'error.main' : o.to <= 5 ? 'warning.main' : 'text.primary',
                            }}
                          >
                            {o.to}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Section>
            )}
            {data.supplier_errors.length > 0 && (
              <Section title={AUTOMATION_MSG.supplierErrorsTitle}>
                {data.supplier_errors.map((s) => (
                  <Typography key={s.supplier_id} variant="body2">
                    <b>{s.name}</b>: {s.reason}
                  </Typography>
                ))}
              </Section>
            )}
            {failed.length > 0 && (
              <Section title={AUTOMATION_MSG.failedTitle}>
                {failed.map((o) => (
                  <Typography key={o.product_id} variant="body2" sx={{ mb: 0.5 }} data-testid="run-failed-row">
                    <b>{o.name}</b> ({supplierName(o.supplier_id)}): {o.reason}
                  </Typography>
                ))}
              </Section>
            )}
            {data.alerts.length > 0 && (
              <Section title={AUTOMATION_MSG.alertsTitle}>
                {data.alerts.map((a) => (
                  <Typography key={a.product_id} variant="body2">
                    {a.name}: <b>{AUTOMATION_MSG.alertState[a.state]}</b> ({a.quantity})
                  </Typography>
                ))}
              </Section>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} variant="contained">
          {AUTOMATION_MSG.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
    </Box>
  );
}
