import { useDeferredValue } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { BundleDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { useBundles } from '../api/hooks';
import { useSession } from '../session/session';
import { GoldText } from '../ui/section-heading';
import { PageHeader } from '../ui/page-header';
import { useCartActions } from '../api/use-cart';
import { useMembership } from '../api/use-membership';
import { useToast } from '../ui/toast';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { BundleCard } from './bundle-card';
import { BundleGridSkeleton } from './bundle-grid-skeleton';

/** What screen readers hear while the bundles load (kept here: the shared messages are in every first load). */
const LOADING_TEXT = 'Caricamento bundle...';

/** /bundles: grid of the bundles the caller may see; 'Aggiungi al Carrello' adds to the real cart. */
export function BundlesPage() {
  useDocumentTitle('Bundle');
  const bundles = useBundles();
  const { status } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { addBundle, pending } = useCartActions();
  const membership = useMembership();
  useLoadErrorToast(bundles.error, MSG.bundlesLoadError, true);

  // The bundles render in a transition after the first render, which shows the loading state as
  // the prerendered document does: hydration matches even when the boot module's answer is already
  // in SWR's cache (api/seed-prefetched.ts).
  const data = useDeferredValue(bundles.data, undefined);
  const items = bundles.error ? [] : (data?.items ?? []);
  const onAdd = (bundle: BundleDto) => {
    if (status !== 'signed-in') {
      toast({ variant: 'destructive', title: MSG.accessRequiredTitle, description: MSG.cartLoginRequired });
      void navigate('/login');
      return;
    }
    void addBundle(bundle);
  };

  return (
    <Box data-testid="bundles-page">
      <PageHeader
        overline="Bundle"
        title={
          <>
            I nostri <GoldText>Bundle</GoldText>
          </>
        }
        subtitle="Kit di attrezzatura, pacchetti digitali e combinazioni miste: tutto ciò che serve per il tuo percorso, a un prezzo vantaggioso."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        {!data && !bundles.error ? (
          <BundleGridSkeleton text={LOADING_TEXT} />
        ) : items.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 8 }} data-testid="bundles-empty">
            <Inventory2Outlined sx={{ fontSize: 56, color: 'primary.main', opacity: 0.7, mb: 2 }} />
            <Typography variant="h4" component="h2">
              {MSG.noBundles}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1 }}>
              Torna a trovarci presto: nuovi bundle sono in arrivo.
            </Typography>
          </Box>
        ) : (
          <Grid container spacing={3}>
            {items.map((b) => (
              <Grid key={b.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <BundleCard
                  bundle={b}
                  onAdd={() => onAdd(b)}
                  adding={pending.has(b.id)}
                  discountPercentage={membership.discount_percentage}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </Container>
    </Box>
  );
}
