import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { CLUB_NAME } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { usePremiumProducts, useSubscriptionPlans } from '../api/hooks';
import { LoadingBlock } from '../auth/session';
import { useToast } from '../ui/toast';
import { GoldText, SectionHeading } from '../ui/section-heading';
import { PageHeader } from '../ui/page-header';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { PlanCard } from './premium/plan-card';
import { PremiumShowcase } from './premium/premium-showcase';

function Notice({ text }: { text: string }) {
  return <Typography sx={{ textAlign: 'center', color: 'text.secondary', py: 6 }}>{text}</Typography>;
}

/** /premium: the Aurum Club plans and a showcase of premium-tier products. */
export function PremiumPage() {
  useDocumentTitle(CLUB_NAME);
  const { toast } = useToast();
  const plans = useSubscriptionPlans();
  const showcase = usePremiumProducts();
  useLoadErrorToast(plans.error, MSG.loadPlans);
  useLoadErrorToast(showcase.error, MSG.loadPremiumProducts);

  const planItems = plans.error ? [] : (plans.data?.items ?? []);
  const showcaseItems = showcase.error ? [] : (showcase.data?.items ?? []);
  const featuredIndex = planItems.length >= 3 ? 1 : -1;

  return (
    <Box data-testid="premium-page">
      <PageHeader
        overline="Membership Esclusiva"
        title={<GoldText>{CLUB_NAME}</GoldText>}
        subtitle="Entra nel club riservato agli atleti più esigenti: sconti su tutto il catalogo, accesso anticipato alle novità, prodotti e contenuti esclusivi."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <SectionHeading overline="Piani di Abbonamento" title="Scegli il tuo livello" />
        {plans.isLoading ? (
          <LoadingBlock />
        ) : planItems.length === 0 ? (
          <Notice text="Nessun piano di abbonamento disponibile al momento." />
        ) : (
          <Grid container spacing={3} sx={{ justifyContent: 'center', alignItems: 'stretch' }}>
            {planItems.map((plan, i) => (
              <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <PlanCard plan={plan} featured={i === featuredIndex} onSubscribe={() => toast({ title: MSG.comingSoonTitle, description: MSG.comingSoonBody })} />
              </Grid>
            ))}
          </Grid>
        )}
      </Container>
      <Box sx={{ py: { xs: 6, md: 10 }, borderTop: 1, borderColor: 'divider', bgcolor: (t) => (t.palette.mode === 'dark' ? '#0e0e0e' : '#f4efe2') }}>
        <Container maxWidth="lg">
          <SectionHeading
            overline="Collezione Premium"
            title={<>Prodotti <GoldText>esclusivi</GoldText></>}
            subtitle="Attrezzatura e programmi riservati ai membri, dal livello Advanced al leggendario Legends."
          />
          {showcase.isLoading ? (
            <LoadingBlock />
          ) : showcaseItems.length === 0 ? (
            <Notice text="Nessun prodotto premium disponibile al momento." />
          ) : (
            <PremiumShowcase items={showcaseItems} />
          )}
        </Container>
      </Box>
    </Box>
  );
}
