import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { OutcomePanel } from '../ui/outcome-panel';
import { useDocumentTitle } from '../ui/use-document-title';

/** Temporary page body for the signed-in areas until their issues land. */
export function MemberPlaceholder({ title, icon, testId }: { title: string; icon: ReactNode; testId: string }) {
  useDocumentTitle(title);
  return (
    <OutcomePanel
      testId={testId}
      icon={icon}
      title={title}
      actions={
        <Button component={RouterLink} to="/products" variant="contained" size="large">
          Vai ai Prodotti
        </Button>
      }
    >
      <Typography>Questa sezione sarà presto disponibile.</Typography>
    </OutcomePanel>
  );
}
