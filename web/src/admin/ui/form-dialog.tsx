import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ADMIN_MSG } from '../../../../shared/messages/admin';

/**
 * A create/edit form in a dialog (the admin forms scroll at 80vh); full screen on phones. The
 * submit button shows 'Salvataggio...' and is disabled while `busy`. A dialog opened over another
 * one passes its own `titleId` (ids stay unique in the page).
 */
export function FormDialog({
  open,
  title,
  busy,
  onClose,
  onSubmit,
  children,
  submitLabel = ADMIN_MSG.save,
  maxWidth = 'sm',
  submitDisabled = false,
  titleId = 'admin-form-title',
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
  submitLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  submitDisabled?: boolean;
  titleId?: string;
}) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A dialog opened from another one's form is inside it in React's tree (portals bubble there).
    e.stopPropagation();
    if (!busy) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={phone}
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{
        paper: { component: 'form', onSubmit: submit, noValidate: true, sx: { borderRadius: phone ? 0 : 3 } } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ fontFamily: (t) => t.typography.h5.fontFamily }}>
        {title}
      </DialogTitle>
      <DialogContent
        dividers
        sx={{
          maxHeight: phone ? undefined : '80vh',
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 2,
          alignContent: 'start',
        }}
      >
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {ADMIN_MSG.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
          {busy ? ADMIN_MSG.saving : submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
