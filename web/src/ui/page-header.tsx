import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { GOLD_GRADIENT } from '../theme/colors';

/** Banner at the top of inner pages: gold overline, serif h1 and an optional subtitle. */
export function PageHeader({
  overline,
  title,
  subtitle,
  children,
}: {
  overline?: string;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={(t) => ({
        py: { xs: 6, md: 9 },
        borderBottom: 1,
        borderColor: 'divider',
        background:
          t.palette.mode === 'dark'
            ? 'radial-gradient(900px 360px at 50% 0%, rgba(212,175,55,0.14), transparent 70%)'
            : 'radial-gradient(900px 360px at 50% 0%, rgba(212,175,55,0.2), transparent 70%)',
      })}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        {overline && (
          <Typography variant="overline" sx={{ color: 'primary.main', display: 'block', mb: 1.5 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h1" sx={{ fontSize: 'clamp(2.1rem, 5vw, 3.4rem)' }}>
          {title}
        </Typography>
        <Box
          sx={{ width: 72, height: 2, backgroundImage: GOLD_GRADIENT, mx: 'auto', mt: 2.5, mb: subtitle ? 2.5 : 0 }}
        />
        {subtitle && (
          <Typography sx={{ color: 'text.secondary', fontSize: { xs: '1rem', md: '1.12rem' }, lineHeight: 1.7 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
