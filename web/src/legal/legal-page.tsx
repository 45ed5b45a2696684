import { NavLink, Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../shared/messages';
import { LEGAL_PAGES, type LegalPage as LegalSlug } from '../../../shared/constants';
import { getConfig } from '../config';
import { useShippingMethods } from '../api/hooks';
import { PageHeader } from '../ui/page-header';
import { useDocumentTitle } from '../ui/use-document-title';
import { getLegalContent, type LegalSection } from './legal-content';
import { NotFoundPage } from '../layout/not-found-page';

function isLegalSlug(value: string | undefined): value is LegalSlug {
  return (LEGAL_PAGES as readonly string[]).includes(value ?? '');
}

function Section({ section }: { section: LegalSection }) {
  return (
    <Box component="section" sx={{ mb: 5 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 2, fontSize: { xs: '1.35rem', md: '1.6rem' } }}>
        {section.heading}
      </Typography>
      {section.paragraphs?.map((p) => (
        <Typography key={p} sx={{ color: 'text.secondary', lineHeight: 1.8, mb: 1.5 }}>
          {p}
        </Typography>
      ))}
      {section.list && (
        <Box
          component="ul"
          sx={{
            pl: 3,
            my: 1,
            color: 'text.secondary',
            '& li': { mb: 1, lineHeight: 1.7 },
            '& li::marker': { color: 'primary.main' },
          }}
        >
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      )}
      {section.faq && (
        <Stack spacing={1.5}>
          {section.faq.map((item) => (
            <Box
              key={item.q}
              sx={{
                p: { xs: 2, md: 2.5 },
                borderRadius: 1.2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                borderLeft: 3,
                borderLeftColor: 'primary.main',
              }}
            >
              <Typography component="h3" sx={{ fontWeight: 700, mb: 0.75 }}>
                {item.q}
              </Typography>
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{item.a}</Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

const NAV: { slug: LegalSlug; label: string }[] = [
  { slug: 'termini-e-condizioni', label: 'Termini e Condizioni' },
  { slug: 'privacy-policy', label: 'Privacy Policy' },
  { slug: 'politica-di-reso', label: 'Politica di Reso' },
  { slug: 'faq', label: 'FAQ' },
  { slug: 'supporto', label: 'Supporto' },
];

/**
 * /legal/:page — terms, privacy, return policy, FAQ and support, with the seller's identity from the
 * runtime config and the shipping costs from GET /api/shipping-methods; unknown pages: 'Pagina non trovata'.
 */
export function LegalPage() {
  const { page } = useParams();
  const slug = isLegalSlug(page) ? page : null;
  const { supportEmail, seller } = getConfig();
  const shipping = useShippingMethods();
  const doc = slug
    ? getLegalContent({ supportEmail, seller, shippingMethods: shipping.data?.items ?? null })[slug]
    : null;
  useDocumentTitle(doc?.title ?? MSG.pageNotFound);
  if (!doc) return <NotFoundPage />;

  return (
    <Box data-testid="legal-page" data-page={slug}>
      <PageHeader overline="Informazioni Legali" title={doc.title} subtitle={doc.intro} />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 3 }} sx={{ display: { xs: 'none', md: 'block' } }}>
            <Box component="nav" aria-label="Pagine legali" sx={{ position: 'sticky', top: 100 }}>
              <Stack spacing={0.5}>
                {NAV.map((n) => (
                  <Link
                    key={n.slug}
                    component={NavLink}
                    to={`/legal/${n.slug}`}
                    underline="none"
                    sx={{
                      px: 2,
                      py: 1.1,
                      borderRadius: '0 8px 8px 0',
                      color: 'text.secondary',
                      borderLeft: 2,
                      borderColor: 'transparent',
                      '&:hover': { color: 'primary.main' },
                      '&.active': {
                        color: 'primary.main',
                        borderColor: 'primary.main',
                        bgcolor: 'rgba(212,175,55,0.08)',
                        fontWeight: 600,
                      },
                    }}
                  >
                    {n.label}
                  </Link>
                ))}
              </Stack>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <Stack
              component="nav"
              aria-label="Pagine legali"
              direction="row"
              sx={{ display: { xs: 'flex', md: 'none' }, gap: 1, overflowX: 'auto', pb: 1, mb: 3, mx: -2, px: 2 }}
            >
              {NAV.map((n) => (
                <Chip
                  key={n.slug}
                  component={NavLink}
                  to={`/legal/${n.slug}`}
                  label={n.label}
                  clickable
                  variant={n.slug === slug ? 'filled' : 'outlined'}
                  color={n.slug === slug ? 'primary' : 'default'}
                  sx={{ flexShrink: 0 }}
                />
              ))}
            </Stack>
            <Box component="article" sx={{ maxWidth: 780 }}>
              {doc.sections.map((s) => (
                <Section key={s.heading} section={s} />
              ))}
              <Typography
                sx={{ color: 'text.secondary', fontSize: '0.9rem', pt: 2, borderTop: 1, borderColor: 'divider' }}
              >
                Ultimo aggiornamento: {doc.updated}. Domande? Scrivi a{' '}
                <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> oppure torna alla{' '}
                <Link component={RouterLink} to="/">
                  home
                </Link>
                .
              </Typography>
            </Box>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
