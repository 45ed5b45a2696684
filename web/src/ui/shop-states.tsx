import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * Empty or failed state of a shop page (cart, wishlist, orders): a round gold icon, a title, an
 * optional hint and an action (a link when `to` is given, else a button calling `onClick`).
 */
export function ShopEmptyState({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: { label: string; to?: string; onClick?: () => void };
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        py: { xs: 6, md: 9 },
        px: 3,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 3,
      }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2.5,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          border: 1.5,
          borderColor: 'primary.main',
          bgcolor: 'rgba(212,175,55,0.08)',
          '& svg': { fontSize: 34 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h5" component="p" sx={{ mb: hint ? 1 : 0 }}>
        {title}
      </Typography>
      {hint && <Typography sx={{ color: 'text.secondary', maxWidth: 420, mx: 'auto' }}>{hint}</Typography>}
      {action &&
        (action.to ? (
          <Button component={RouterLink} to={action.to} variant="contained" size="large" sx={{ mt: 3 }}>
            {action.label}
          </Button>
        ) : (
          <Button onClick={action.onClick} variant="outlined" size="large" sx={{ mt: 3 }}>
            {action.label}
          </Button>
        ))}
    </Box>
  );
}

/** Title block of the signed-in shop pages: gold overline, serif h1 and a muted detail line. */
export function ShopPageTitle({ overline, title, detail }: { overline: string; title: string; detail?: ReactNode }) {
  return (
    <Box sx={{ mb: { xs: 3, md: 4 } }}>
      <Typography variant="overline" sx={{ color: 'primary.main', display: 'block' }}>
        {overline}
      </Typography>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {detail && <Typography sx={{ color: 'text.secondary', mt: 0.75 }}>{detail}</Typography>}
    </Box>
  );
}
