import { useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { RouteDefinition } from '../../../shared/api/route';
import { MSG } from '../../../shared/messages';
import { downloadApiFile } from '../api/download';
import { useToast } from './toast';

/**
 * A button that downloads the file a route answers (a receipt PDF, the data export, a CSV) and
 * saves it: a spinner while it runs; a refusal or a failure shows the server's Italian message in
 * a toast.
 * @param fileName the saved file's name when the answer names none
 * @param params the route's path parameters (e.g. `{ id }`)
 */
export function DownloadButton<R extends RouteDefinition>({
  route,
  params,
  fileName,
  icon,
  label,
  testId,
  size,
  sx,
}: {
  route: R;
  params?: Record<string, string>;
  fileName: string;
  icon: ReactNode;
  label: string;
  testId: string;
  size?: ButtonProps['size'];
  sx?: ButtonProps['sx'];
}) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadApiFile(route, fileName, params ? { params } : {})
      .catch((err: unknown) =>
        toast({
          variant: 'destructive',
          title: MSG.errorTitle,
          description: err instanceof Error ? err.message : String(err),
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size={size}
      sx={sx}
      variant="outlined"
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : icon}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
