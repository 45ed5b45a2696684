import Typography from '@mui/material/Typography';
import { ADMIN_SECTIONS } from '../../../../shared/permissions';
import { SectionPage } from './section-page';

/** Temporary body of a section whose screen is being built (replaced section by section). */
export function PendingSection({ slug }: { slug: string }) {
  const label = ADMIN_SECTIONS.find((s) => s.slug === slug)?.label ?? slug;
  return (
    <SectionPage title={label}>
      <Typography sx={{ color: 'text.secondary' }}>Schermata in preparazione.</Typography>
    </SectionPage>
  );
}
