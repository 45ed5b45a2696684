import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from './empty-state';

/** One column of a DataTable. */
export interface Column<T> {
  key: string;
  header: ReactNode;
  render(row: T): ReactNode;
  align?: 'left' | 'right' | 'center';
  /** CSS width (e.g. 120 or '30%'). */
  width?: number | string;
  /** Hidden below the 'sm' breakpoint (the row stays readable on a phone). */
  hideOnMobile?: boolean;
}

/** What a DataTable shows when it has no rows. */
export interface EmptyProps {
  title: string;
  hint?: string;
  action?: ReactNode;
}

/**
 * A back-office list as a table: skeleton rows while `loading`, the spec's empty state when there
 * are no rows, horizontal scrolling on narrow screens, optional footer (e.g. 'Carica altri').
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  loading,
  empty,
  footer,
  label,
  skeletonRows = 6,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  loading: boolean;
  empty: EmptyProps;
  footer?: ReactNode;
  /** Accessible name of the table. */
  label: string;
  skeletonRows?: number;
}) {
  const cellSx = (c: Column<T>) => ({
    width: c.width,
    ...(c.hideOnMobile ? { display: { xs: 'none', sm: 'table-cell' } } : {}),
  });
  const showEmpty = !loading && rows.length === 0;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      {showEmpty ? (
        <EmptyState {...empty} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label} aria-busy={loading || undefined}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    sx={{ ...cellSx(c), fontWeight: 700, whiteSpace: 'nowrap', color: 'text.secondary' }}
                  >
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading && rows.length === 0
                ? Array.from({ length: skeletonRows }, (_, i) => (
                    <TableRow key={`skeleton-${i}`} data-testid="admin-skeleton-row">
                      {columns.map((c) => (
                        <TableCell key={c.key} sx={cellSx(c)}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : rows.map((row) => (
                    <TableRow key={rowKey(row)} hover>
                      {columns.map((c) => (
                        <TableCell key={c.key} align={c.align} sx={cellSx(c)}>
                          {c.render(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {footer && !showEmpty && (
        <Box sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>{footer}</Box>
      )}
    </Paper>
  );
}
