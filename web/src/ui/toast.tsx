import { createContext, useCallback, useContext, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';

/** Toast options: title, optional description, variant and duration (ms; Infinity = sticky). */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}

/** The toast API handed out by useToast(). */
export interface ToastApi {
  toast(opts: ToastOptions): void;
  dismiss(): void;
}

interface ActiveToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Shows one toast at a time (a new one replaces the old), auto-dismissed after
 * TOAST_DURATION_MS unless a duration is given; a horizontal swipe past
 * TOAST_SWIPE_THRESHOLD px dismisses it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);
  const swipe = useRef<{ x: number; dx: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const toast = useCallback((opts: ToastOptions) => {
    setOffset(0);
    setActive({ ...opts, id: nextId.current++ });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  const onClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') setOpen(false);
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
    if (Math.abs(dx) > TOAST_SWIPE_THRESHOLD) setOpen(false);
    else setOffset(0);
  };

  const destructive = active?.variant === 'destructive';
  const duration = active?.duration ?? TOAST_DURATION_MS;
  return (
    <ToastContext.Provider value={api}>
      {children}
      {active && (
        <Snackbar
          key={active.id}
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
            onClose={dismiss}
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
      )}
    </ToastContext.Provider>
  );
}

/** Access the toast API. Must be used inside ToastProvider. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
