import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarRounded from '@mui/icons-material/StarRounded';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { CLUB_NAME } from '../../../shared/constants';
import { tierStars } from '../../../shared/tiers';
import { PROFILE_TEXT } from '../auth/texts';
import { GOLD_GRADIENT } from '../theme/colors';
import { formatItalianDate } from './format-date';
import { useMe } from './use-account';
import { TabEmptyState, TabSection } from './tab-section';

/** Gold stars of a tier (1 to 4). */
export function TierStars({ tier }: { tier: string }) {
  const n = tierStars(tier);
  return (
    <Stack direction="row" aria-label={`${n} stelle su 4`} role="img" data-testid="tier-stars" data-stars={n}>
      {[0, 1, 2, 3].map((i) => (
        <StarRounded key={i} sx={{ fontSize: 22, color: i < n ? 'primary.main' : 'action.disabled' }} />
      ))}
    </Stack>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.8 }}>{label}</Typography>
      <Box sx={{ fontWeight: 600, fontSize: '1.05rem' }} data-testid={testId}>{value}</Box>
    </Box>
  );
}

/** 'Abbonamenti' tab: the active Aurum Club membership, or an invitation to /premium. */
export function SubscriptionTab() {
  const { data, error, isLoading } = useMe();
  const sub = data?.subscription ?? null;
  return (
    <TabSection title={PROFILE_TEXT.subscriptionHeading} testId="subscription-tab">
      {isLoading && <Skeleton variant="rounded" height={200} sx={{ maxWidth: 720 }} />}
      {error && !data && <TabEmptyState icon={<WorkspacePremiumOutlined />} message="Impossibile caricare gli abbonamenti." />}
      {data && !sub && (
        <TabEmptyState
          testId="subscription-empty"
          icon={<WorkspacePremiumOutlined />}
          message={PROFILE_TEXT.subscriptionEmpty}
          hint={PROFILE_TEXT.subscriptionEmptyHint}
          action={<Button component={RouterLink} to="/premium" variant="contained">{PROFILE_TEXT.discoverPremium}</Button>}
        />
      )}
      {sub && (
        <Paper variant="outlined" data-testid="subscription-card" sx={{ maxWidth: 720, borderRadius: 3, overflow: 'hidden', borderColor: 'primary.main' }}>
          <Box sx={{ height: 4, backgroundImage: GOLD_GRADIENT }} />
          <Box sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}>
              <Box>
                <Typography variant="overline" sx={{ color: 'primary.main' }}>{CLUB_NAME}</Typography>
                <Typography variant="h4" component="h3" data-testid="subscription-plan">{sub.plan_name}</Typography>
              </Box>
              <Box sx={{ px: 1.5, py: 0.5, borderRadius: 5, border: 1, borderColor: 'success.main', color: 'success.main', fontWeight: 700, fontSize: '0.8rem', letterSpacing: '0.08em' }}>
                ATTIVO
              </Box>
            </Stack>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact label="Livello" testId="subscription-tier" value={<Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}><span>{sub.subscription_tier}</span><TierStars tier={sub.subscription_tier} /></Stack>} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact label="Sconto" testId="subscription-discount" value={`${sub.discount_percentage}% su tutto il negozio`} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact label="Attivo dal" testId="subscription-start" value={formatItalianDate(sub.started_at)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact label="Scadenza" testId="subscription-end" value={formatItalianDate(sub.ends_at)} />
              </Grid>
            </Grid>
          </Box>
        </Paper>
      )}
    </TabSection>
  );
}
