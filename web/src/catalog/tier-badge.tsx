import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PremiumTier } from '../../../shared/tiers';
import { GOLD_GRADIENT, INK } from '../theme/colors';

/** Upper-case gold badge of a premium tier (a styled span: MUI's Chip is heavy for a label); renders nothing for 'none'. */
export function TierBadge({ tier, sx }: { tier: PremiumTier; sx?: SxProps<Theme> }) {
  if (tier === 'none') return null;
  return (
    <Box
      component="span"
      data-testid="tier-badge"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1,
          borderRadius: 3,
          whiteSpace: 'nowrap',
          backgroundImage: GOLD_GRADIENT,
          color: INK.black,
          fontWeight: 800,
          letterSpacing: '0.14em',
          fontSize: '0.68rem',
          boxShadow: '0 2px 10px rgba(0,0,0,.35)',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {tier.toUpperCase()}
    </Box>
  );
}
