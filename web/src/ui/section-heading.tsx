import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GOLD_GRADIENT, GOLD_GRADIENT_DEEP } from '../theme/colors';

/** Gold gradient text span, for highlighted words in headings. */
export function GoldText({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={(t) => ({
        backgroundImage: t.palette.mode === 'dark' ? GOLD_GRADIENT : GOLD_GRADIENT_DEEP,
        backgroundClip: 'text',
        WebkitBackgroundClip: 'text',
        color: 'transparent',
        WebkitTextFillColor: 'transparent',
      })}
    >
      {children}
    </Box>
  );
}

/** Centered section heading: small gold overline, serif title, optional subtitle. */
export function SectionHeading({
  overline,
  title,
  subtitle,
  component = 'h2',
  align = 'center',
}: {
  overline?: string;
  title: ReactNode;
  subtitle?: ReactNode;
  component?: 'h1' | 'h2';
  align?: 'center' | 'left';
}) {
  return (
    <Box sx={{ textAlign: align, mb: { xs: 5, md: 7 }, mx: align === 'center' ? 'auto' : 0, maxWidth: 760 }}>
      {overline && (
        <Typography variant="overline" sx={{ color: 'primary.main', display: 'block', mb: 1.5 }}>
          {overline}
        </Typography>
      )}
      <Typography variant="h2" component={component}>
        {title}
      </Typography>
      <Box
        sx={{
          width: 64,
          height: 2,
          backgroundImage: GOLD_GRADIENT,
          mt: 2.5,
          mb: subtitle ? 2.5 : 0,
          mx: align === 'center' ? 'auto' : 0,
        }}
      />
      {subtitle && (
        <Typography sx={{ color: 'text.secondary', fontSize: { xs: '1rem', md: '1.1rem' }, lineHeight: 1.7 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
