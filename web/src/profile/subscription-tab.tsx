import { Link as RouterLink } from 'react-router-dom';
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
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
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { GOLD_GRADIENT } from '../theme/colors';
import { formatItalianDate } from './format-date';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useCancelSubscription, useMySubscription, useWithdrawSubscription } from '../api/use-club';
import { clubWithdrawalLastDay, clubWithdrawalOpen } from '../../../shared/club-withdrawal';
import { ClubWithdrawalDialog } from './club-withdrawal-dialog';
import { CLUB_TEXT } from '../../../shared/messages/club-ui';
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
      <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.8 }}>
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600, fontSize: '1.05rem' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
}

/** The badge of a membership: active, cancelled (ends at period end) or ended. */
/** A ruled row under the subscription's facts: an explanatory note and the action it is about. */
function ActionRow({ note, noteTestId, children }: { note: ReactNode; noteTestId?: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{
        mt: 3,
        pt: 3,
        borderTop: 1,
        borderColor: 'divider',
        justifyContent: 'space-between',
        alignItems: { xs: 'stretch', sm: 'center' },
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={noteTestId}>
        {note}
      </Typography>
      {children}
    </Stack>
  );
}

function StatusBadge({ state }: { state: 'active' | 'cancelled' | 'ended' }) {
  const color = state === 'active' ? 'success.main' : state === 'cancelled' ? 'warning.main' : 'text.secondary';
  const label =
    state === 'active'
      ? CLUB_TEXT.statusActive
      : state === 'cancelled'
        ? CLUB_TEXT.statusCancelled
        : CLUB_TEXT.statusEnded;
  return (
    <Box
      data-testid="subscription-status"
      data-state={state}
      sx={{
        px: 1.5,
        py: 0.5,
        borderRadius: 5,
        border: 1,
        borderColor: color,
        color,
        fontWeight: 700,
        fontSize: '0.8rem',
        letterSpacing: '0.08em',
        whiteSpace: 'nowrap',
      }}
    >
      {label}
    </Box>
  );
}

/**
 * 'Abbonamenti' tab: the Aurum Club membership with plan, tier, discount, start, next
 * renewal (or end), and 'Annulla abbonamento' behind a confirmation dialog (cancel at period end;
 * afterwards it says until when the membership lasts); during the 14 days from the start,
 * 'Recedi dal contratto' behind its own dialog (club-withdrawal-dialog.tsx: the membership ends at
 * once, the unused part is refunded); an ended (or withdrawn) membership, or an invitation to
 * /premium.
 */
export function SubscriptionTab() {
  const { data, error, isLoading } = useMySubscription();
  const { cancel, busy } = useCancelSubscription();
  const withdrawal = useWithdrawSubscription();
  const [confirm, setConfirm] = useState(false);
  const [confirmWithdrawal, setConfirmWithdrawal] = useState(false);
  const sub = data?.subscription ?? null;
  const running = sub !== null && data!.membership.is_member;
  const state: 'active' | 'cancelled' | 'ended' = !running
    ? 'ended'
    : sub.cancel_at_period_end
      ? 'cancelled'
      : 'active';
  const renews = running && sub.renews_at ? sub.renews_at : null;
  // the 14 days of withdrawal from the start (the server checks them again, with the first period)
  const withdrawable =
    running &&
    Boolean(sub.stripe_subscription_id) &&
    !sub.withdrawn_at &&
    sub.first_payment_cents != null &&
    clubWithdrawalOpen(sub.started_at, new Date());
  return (
    <TabSection title={PROFILE_TEXT.subscriptionHeading} testId="subscription-tab">
      {isLoading && <Skeleton variant="rounded" height={200} sx={{ maxWidth: 720 }} />}
      {error && !data && (
        <TabEmptyState icon={<WorkspacePremiumOutlined />} message="Impossibile caricare gli abbonamenti." />
      )}
      {data && !running && (
        <TabEmptyState
          testId="subscription-empty"
          icon={<WorkspacePremiumOutlined />}
          message={
            sub?.withdrawn_at
              ? CLUB_TEXT.withdrawnNotice(formatItalianDate(sub.withdrawn_at))
              : sub
                ? CLUB_TEXT.endedNotice(formatItalianDate(sub.ends_at))
                : PROFILE_TEXT.subscriptionEmpty
          }
          hint={PROFILE_TEXT.subscriptionEmptyHint}
          action={
            <Button component={RouterLink} to="/premium" variant="contained">
              {PROFILE_TEXT.discoverPremium}
            </Button>
          }
        />
      )}
      {sub && running && (
        <Paper
          variant="outlined"
          data-testid="subscription-card"
          sx={{ maxWidth: 720, borderRadius: 3, overflow: 'hidden', borderColor: 'primary.main' }}
        >
          <Box sx={{ height: 4, backgroundImage: GOLD_GRADIENT }} />
          <Box sx={{ p: { xs: 2.5, sm: 3.5 } }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}
            >
              <Box>
                <Typography variant="overline" sx={{ color: 'primary.main' }}>
                  {CLUB_NAME}
                </Typography>
                <Typography variant="h4" component="h3" data-testid="subscription-plan">
                  {sub.plan_name}
                </Typography>
              </Box>
              <StatusBadge state={state} />
            </Stack>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact
                  label="Livello"
                  testId="subscription-tier"
                  value={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{sub.subscription_tier}</span>
                      <TierStars tier={sub.subscription_tier} />
                    </Stack>
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact
                  label="Sconto"
                  testId="subscription-discount"
                  value={`${sub.discount_percentage}% su tutto il negozio`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Fact label="Attivo dal" testId="subscription-start" value={formatItalianDate(sub.started_at)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {renews ? (
                  <Fact label={CLUB_TEXT.nextRenewal} testId="subscription-renewal" value={formatItalianDate(renews)} />
                ) : (
                  <Fact label={CLUB_TEXT.endsOn} testId="subscription-end" value={formatItalianDate(sub.ends_at)} />
                )}
              </Grid>
            </Grid>
            {state === 'cancelled' && (
              <Alert severity="warning" data-testid="subscription-cancelled" sx={{ mt: 3 }}>
                {CLUB_TEXT.cancelledNotice(formatItalianDate(sub.ends_at))}
              </Alert>
            )}
            {state === 'active' && sub.stripe_subscription_id && (
              <ActionRow note={CLUB_TEXT.renewNote}>
                <Button
                  color="error"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => setConfirm(true)}
                  data-testid="subscription-cancel"
                  sx={{ flexShrink: 0 }}
                >
                  {CLUB_TEXT.cancelButton}
                </Button>
              </ActionRow>
            )}
            {withdrawable && (
              <ActionRow
                note={CLUB_TEXT.withdrawNote(formatItalianDate(`${clubWithdrawalLastDay(sub.started_at)}T12:00:00Z`))}
                noteTestId="club-withdrawal-note"
              >
                <Button
                  color="error"
                  variant="contained"
                  disabled={withdrawal.busy}
                  onClick={() => setConfirmWithdrawal(true)}
                  data-testid="club-withdraw"
                  sx={{ flexShrink: 0 }}
                >
                  {CLUB_TEXT.withdrawButton}
                </Button>
              </ActionRow>
            )}
          </Box>
        </Paper>
      )}
      {sub && withdrawable && (
        <ClubWithdrawalDialog
          open={confirmWithdrawal}
          subscription={sub}
          busy={withdrawal.busy}
          onConfirm={() => void withdrawal.withdraw()}
          onClose={() => setConfirmWithdrawal(false)}
        />
      )}
      <ConfirmDialog
        open={confirm}
        title={CLUB_TEXT.cancelConfirmTitle}
        body={sub ? CLUB_TEXT.cancelConfirmBody(formatItalianDate(sub.ends_at)) : ''}
        confirmLabel={CLUB_TEXT.cancelConfirm}
        onConfirm={() => void cancel()}
        onClose={() => setConfirm(false)}
      />
    </TabSection>
  );
}
