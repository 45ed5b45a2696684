import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// The Snackbar/Alert view loads with the first toast: MUI's Snackbar stays out of the first load.
const ToastView = lazy(() => import('./toast-view'));

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

/** The toast on screen; `id` changes with every new toast. */
export interface ActiveToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Shows one toast at a time (a new one replaces the old), auto-dismissed after
 * TOAST_DURATION_MS unless a duration is given; a horizontal swipe past
 * TOAST_SWIPE_THRESHOLD px dismisses it (see ./toast-view.tsx).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);

  const toast = useCallback((opts: ToastOptions) => {
    setActive({ ...opts, id: nextId.current++ });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {active && (
        <Suspense fallback={null}>
          <ToastView key={active.id} toast={active} open={open} onDismiss={dismiss} />
        </Suspense>
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
