import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** Full-width submit button of the login views: disabled with a spinner and `busyLabel` while busy. */
export function BusySubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
      sx={{ py: 1.3 }}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
