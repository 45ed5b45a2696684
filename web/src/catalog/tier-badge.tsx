import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PremiumTier } from '../../../shared/tiers';
import { GOLD_GRADIENT, INK } from '../theme/colors';

/** Upper-case gold badge of a premium tier; renders nothing for 'none'. */
export function TierBadge({ tier, sx }: { tier: PremiumTier; sx?: SxProps<Theme> }) {
  if (tier === 'none') return null;
  return (
    <Chip
      data-testid="tier-badge"
      size="small"
      label={tier.toUpperCase()}
      sx={[
        { backgroundImage: GOLD_GRADIENT, color: INK.black, fontWeight: 800, letterSpacing: '0.14em', fontSize: '0.68rem', height: 24, boxShadow: '0 2px 10px rgba(0,0,0,.35)' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
