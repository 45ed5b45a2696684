import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GOLD_GRADIENT } from '../theme/colors';

/** Page heading: small gold overline, serif title with gold gradient text, optional subtitle. */
export function SectionHeading({ overline, title, subtitle, align = 'center' }: { overline?: string; title: string; subtitle?: string; align?: 'center' | 'left' }) {
  const centered = align === 'center';
  return (
    <Box sx={{ textAlign: align, mb: { xs: 4, md: 5 }, mx: centered ? 'auto' : 0, maxWidth: centered ? 760 : 'none' }}>
      {overline && (
        <Typography variant="overline" component="p" sx={{ color: 'primary.main', mb: 1 }}>
          {overline}
        </Typography>
      )}
      <Typography
        variant="h2"
        component="h1"
        sx={{ backgroundImage: GOLD_GRADIENT, backgroundClip: 'text', WebkitBackgroundClip: 'text', color: 'transparent', display: 'inline-block' }}
      >
        {title}
      </Typography>
      <Box sx={{ width: 64, height: 2, backgroundImage: GOLD_GRADIENT, my: 2, mx: centered ? 'auto' : 0 }} />
      {subtitle && <Typography sx={{ color: 'text.secondary', fontSize: { md: '1.08rem' } }}>{subtitle}</Typography>}
    </Box>
  );
}
