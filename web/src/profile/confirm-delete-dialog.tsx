import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PROFILE_TEXT } from '../auth/texts';

/** Asks before deleting: 'Annulla' closes, the red button confirms. */
export function ConfirmDeleteDialog({ open, title, body, onConfirm, onClose }: {
  open: boolean;
  title: string;
  body: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-delete-title" slotProps={{ paper: { sx: { borderRadius: 3, p: 1 } } }}>
      <DialogTitle id="confirm-delete-title" sx={{ fontFamily: (t) => t.typography.h5.fontFamily }}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">{PROFILE_TEXT.cancel}</Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {PROFILE_TEXT.confirmDelete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
