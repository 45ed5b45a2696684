import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import type { SubscriptionPlanDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { formatEuro } from '../../../shared/money';
import { LEGAL_MSG } from '../../../shared/messages/legal';
import { tierStars } from '../../../shared/tiers';
import { GOLD_GRADIENT } from '../theme/colors';

/** '1 mese' / '{n} mesi'. */
export function formatMonths(months: number): string {
  return months === 1 ? '1 mese' : `${months} mesi`;
}

/**
 * One subscription plan: name, duration, price, benefits and 'Abbonati Ora' (busy while its
 * checkout starts; 'Il tuo piano attuale' / disabled for a member).
 */
export function PlanCard({
  plan,
  featured,
  onSubscribe,
  busy = false,
  disabledLabel = null,
}: {
  plan: SubscriptionPlanDto;
  featured: boolean;
  onSubscribe: () => void;
  /** True while this plan's checkout starts ('Inizializzazione...'). */
  busy?: boolean;
  /** When set, the button is disabled and reads this (the member's plan, or another plan of a member). */
  disabledLabel?: string | null;
}) {
  const features = [
    `Sconto fino al ${plan.discount_percentage}% su tutto`,
    'Accesso anticipato',
    'Contenuti esclusivi',
  ];
  return (
    <Card
      data-testid="plan-card"
      sx={{
        height: '100%',
        position: 'relative',
        overflow: 'visible',
        bgcolor: 'background.paper',
        borderColor: featured ? 'primary.main' : undefined,
        borderWidth: featured ? 2 : 1,
        boxShadow: featured ? '0 20px 60px rgba(212,175,55,0.18)' : undefined,
        transition: 'transform .25s',
        '&:hover': { transform: 'translateY(-4px)' },
      }}
    >
      {featured && (
        <Chip
          label="Più scelto"
          size="small"
          sx={{
            position: 'absolute',
            top: -13,
            left: '50%',
            transform: 'translateX(-50%)',
            backgroundImage: GOLD_GRADIENT,
            color: '#0a0a0a',
            fontWeight: 700,
            letterSpacing: '0.06em',
          }}
        />
      )}
      <CardContent sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Typography
          sx={{ color: 'primary.main', letterSpacing: '0.2em', fontSize: '0.95rem' }}
          aria-label={`Livello ${plan.subscription_tier}`}
        >
          {'★'.repeat(tierStars(plan.subscription_tier))} {plan.subscription_tier.toUpperCase()}
        </Typography>
        <Typography variant="h4" component="h3" sx={{ mt: 1 }}>
          {plan.name}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="plan-duration">
          {formatMonths(plan.duration_months)}
        </Typography>
        <Typography sx={{ typography: 'h2', mt: 2.5, color: 'primary.main' }} data-testid="plan-price">
          {formatEuro(plan.price_cents)}
        </Typography>
        <Typography variant="caption" data-testid="plan-vat" sx={{ color: 'text.secondary', mb: 2.5 }}>
          {LEGAL_MSG.vatIncluded}
        </Typography>
        {plan.description && (
          <Typography sx={{ color: 'text.secondary', mb: 2.5, lineHeight: 1.6 }}>{plan.description}</Typography>
        )}
        <Stack component="ul" spacing={1.4} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, flex: 1 }}>
          {features.map((f) => (
            <Box component="li" key={f} sx={{ display: 'flex', gap: 1.2, alignItems: 'flex-start' }}>
              <CheckCircleOutlined sx={{ color: 'primary.main', fontSize: 20, mt: '2px' }} />
              <Typography>{f}</Typography>
            </Box>
          ))}
        </Stack>
        <Button
          variant={featured ? 'contained' : 'outlined'}
          size="large"
          fullWidth
          onClick={onSubscribe}
          disabled={busy || disabledLabel !== null}
          data-testid="plan-subscribe"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {disabledLabel ?? (busy ? 'Inizializzazione...' : MSG.subscribeNow)}
        </Button>
      </CardContent>
    </Card>
  );
}
