import { useDeferredValue } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { CLUB_NAME } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { useSubscriptionPlans } from '../api/hooks';
import { usePremiumShowcase } from '../api/catalog-page-hooks';
import { LoadMore } from '../ui/load-more';
import { LoadingBlock } from '../session/session';
import { useToast } from '../ui/toast';
import { GoldText, SectionHeading } from '../ui/section-heading';
import { PageHeader } from '../ui/page-header';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { useHydrated } from '../ui/use-hydrated';
import { useState } from 'react';
import { PlanCard } from './plan-card';
import { ServiceStartBox } from './service-start-box';
import { PremiumShowcase } from './premium-showcase';
import { useSession } from '../session/session';
import { useClubActivation, useClubCheckout, useMySubscription } from '../api/use-club';
import { CLUB_TEXT } from '../../../shared/messages/club-ui';

/** Back from the payment page: 'Stiamo attivando…', then the welcome with the tier, or a note when the activation is late. */
function ActivationBanner({ state, tier, pct }: { state: 'waiting' | 'active' | 'late'; tier: string; pct: number }) {
  if (state === 'waiting') {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />} data-testid="club-activating" sx={{ mb: 4 }}>
        <AlertTitle>{CLUB_TEXT.activatingTitle}</AlertTitle>
        {CLUB_TEXT.activating}
      </Alert>
    );
  }
  if (state === 'late')
    return (
      <Alert severity="warning" data-testid="club-late" sx={{ mb: 4 }}>
        {CLUB_TEXT.late}
      </Alert>
    );
  return (
    <Alert severity="success" data-testid="club-active" sx={{ mb: 4 }}>
      <AlertTitle>{CLUB_TEXT.activeTitle}</AlertTitle>
      {CLUB_TEXT.active(tier, pct)}
      <Stack direction="row" spacing={1.5} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" variant="contained" component={RouterLink} to="/products">
          {CLUB_TEXT.seeProducts}
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to="/profile?tab=abbonamenti">
          {CLUB_TEXT.seeSubscription}
        </Button>
      </Stack>
    </Alert>
  );
}

function Notice({ text }: { text: string }) {
  return <Typography sx={{ textAlign: 'center', color: 'text.secondary', py: 6 }}>{text}</Typography>;
}

/**
 * /premium: the Aurum Club plans and a showcase of premium-tier products (PRODUCTS_PAGE_SIZE a
 * page by name; more load as the shopper scrolls to the end, 'Carica altri'). 'Abbonati Ora' starts
 * the plan's subscription checkout once the express request to start at once is ticked
 * (service-start-box.tsx; visitors are sent to sign in; a member sees their plan);
 * back from the payment page (`?abbonamento=attivo`) it waits for the membership and welcomes
 * the new member.
 */
export function PremiumPage() {
  useDocumentTitle(CLUB_NAME);
  const { toast } = useToast();
  const navigate = useNavigate();
  const { status } = useSession();
  const [params] = useSearchParams();
  const club = useClubCheckout();
  const mine = useMySubscription();
  const activation = useClubActivation(params.get('abbonamento') === 'attivo');
  const hydrated = useHydrated();
  const member = mine.data?.membership.is_member ? mine.data.subscription : null;
  const [serviceStart, setServiceStart] = useState(false);
  const [serviceStartMissing, setServiceStartMissing] = useState(false);
  const subscribe = (planId: string) => {
    if (status !== 'signed-in') {
      toast({ variant: 'destructive', title: MSG.accessRequiredTitle, description: CLUB_TEXT.loginRequired });
      void navigate('/login');
      return;
    }
    if (!serviceStart) {
      setServiceStartMissing(true);
      return;
    }
    void club.start(planId, true);
  };
  const plans = useSubscriptionPlans();
  const showcase = usePremiumShowcase();
  useLoadErrorToast(plans.error, MSG.loadPlans);
  useLoadErrorToast(showcase.error, MSG.loadPremiumProducts);

  // The plans and the showcase render in transitions (time-sliced: short tasks, where a render of
  // the answers as they arrive was one long task of the main thread), after a first render that
  // shows the loading state, as the prerendered document does.
  const plansData = useDeferredValue(plans.data, undefined);
  const showcaseFirst = useDeferredValue(showcase.first, undefined);
  const planItems = plans.error ? [] : (plansData?.items ?? []);
  const showcaseItems = showcase.error || !showcaseFirst ? [] : showcase.items;
  const featuredIndex = planItems.length >= 3 ? 1 : -1;

  return (
    <Box data-testid="premium-page">
      <PageHeader
        overline="Membership Esclusiva"
        title={<GoldText>{CLUB_NAME}</GoldText>}
        subtitle="Entra nel club riservato agli atleti più esigenti: sconti su tutto il catalogo, accesso anticipato alle novità, prodotti e contenuti esclusivi."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        {/* Back from the club's checkout (?abbonamento=attivo): shown once hydrated, since the
            prerendered document has no banner. */}
        {hydrated && activation.state !== 'idle' && (
          <ActivationBanner
            state={activation.state}
            tier={activation.found?.membership.tier ?? ''}
            pct={activation.found?.membership.discount_percentage ?? 0}
          />
        )}
        <SectionHeading overline="Piani di Abbonamento" title="Scegli il tuo livello" />
        {!plansData && !plans.error ? (
          <LoadingBlock />
        ) : planItems.length === 0 ? (
          <Notice text="Nessun piano di abbonamento disponibile al momento." />
        ) : (
          <>
            {!member && (
              <ServiceStartBox
                checked={serviceStart}
                missing={serviceStartMissing && !serviceStart}
                onChange={(v) => {
                  setServiceStart(v);
                  setServiceStartMissing(false);
                }}
              />
            )}
            <Grid container spacing={3} sx={{ justifyContent: 'center', alignItems: 'stretch' }}>
              {planItems.map((plan, i) => (
                <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <PlanCard
                    plan={plan}
                    featured={i === featuredIndex}
                    busy={club.busyPlan === plan.id}
                    disabledLabel={
                      member
                        ? member.plan_id === plan.id || member.plan_name === plan.name
                          ? CLUB_TEXT.currentPlan
                          : CLUB_TEXT.alreadyMember
                        : null
                    }
                    onSubscribe={() => subscribe(plan.id)}
                  />
                </Grid>
              ))}
            </Grid>
          </>
        )}
      </Container>
      <Box
        sx={{
          py: { xs: 6, md: 10 },
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: (t) => (t.palette.mode === 'dark' ? '#0e0e0e' : '#f4efe2'),
        }}
      >
        <Container maxWidth="lg">
          <SectionHeading
            overline="Collezione Premium"
            title={
              <>
                Prodotti <GoldText>esclusivi</GoldText>
              </>
            }
            subtitle="Attrezzatura e programmi riservati ai membri, dal livello Advanced al leggendario Legends."
          />
          {!showcaseFirst && !showcase.error ? (
            <LoadingBlock />
          ) : showcaseItems.length === 0 ? (
            <Notice text="Nessun prodotto premium disponibile al momento." />
          ) : (
            <PremiumShowcase items={showcaseItems} />
          )}
          <Box sx={{ mt: 3 }}>
            <LoadMore
              hasMore={showcase.hasMore && !showcase.error}
              loading={showcase.isLoadingMore}
              onLoadMore={showcase.loadMore}
              auto
            />
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
