import { useRef, useState, type PointerEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { ActiveToast } from './toast';

/**
 * The visible toast (bottom right): a Snackbar with an Alert, auto-hidden after the toast's
 * duration (TOAST_DURATION_MS by default; Infinity = sticky), closed by its button or by a
 * horizontal swipe past TOAST_SWIPE_THRESHOLD px. Loaded lazily by ToastProvider.
 */
export default function ToastView({
  toast: active,
  open,
  onDismiss,
}: {
  toast: ActiveToast;
  open: boolean;
  onDismiss: () => void;
}) {
  const swipe = useRef<{ x: number; dx: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const onClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') onDismiss();
  };
  const onPointerDown = (e: PointerEvent) => {
    swipe.current = { x: e.clientX, dx: 0 };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!swipe.current) return;
    swipe.current.dx = e.clientX - swipe.current.x;
    setOffset(swipe.current.dx);
  };
  const onPointerEnd = () => {
    const dx = swipe.current?.dx ?? 0;
    swipe.current = null;
    if (Math.abs(dx) > TOAST_SWIPE_THRESHOLD) onDismiss();
    else setOffset(0);
  };

  const destructive = active.variant === 'destructive';
  const duration = active.duration ?? TOAST_DURATION_MS;
  return (
    <Snackbar
      open={open}
      onClose={onClose}
      autoHideDuration={Number.isFinite(duration) ? duration : null}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      data-testid="toast"
      data-variant={active.variant ?? 'default'}
    >
      <Alert
        role={destructive ? 'alert' : 'status'}
        icon={false}
        variant={destructive ? 'filled' : 'outlined'}
        severity={destructive ? 'error' : 'info'}
        onClose={onDismiss}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        slotProps={{ closeButton: { title: 'Chiudi', 'aria-label': 'Chiudi' } }}
        sx={(theme) => ({
          width: { xs: '100%', sm: 380 },
          touchAction: 'pan-y',
          transform: `translateX(${offset}px)`,
          opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6),
          transition: swipe.current ? 'none' : 'transform .2s, opacity .2s',
          boxShadow: theme.shadows[8],
          ...(destructive
            ? {}
            : {
                bgcolor: 'background.paper',
                color: 'text.primary',
                borderColor: 'primary.main',
                borderLeftWidth: 4,
              }),
        })}
      >
        <AlertTitle sx={{ fontWeight: 700, mb: active.description ? 0.5 : 0 }}>
          {active.title || (destructive ? MSG.errorTitle : '')}
        </AlertTitle>
        {active.description}
      </Alert>
    </Snackbar>
  );
}
