import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SHOP_NAME } from '../../../shared/constants';
import { sellerLine } from '../../../shared/seller';
import { getConfig } from '../config';
import { Logo } from './logo';
import { LEGAL_LINKS, SECTION_LINKS } from './nav-links';
import { NewsletterForm } from './newsletter-form';
import { useSectionNav } from './use-section-nav';

const linkSx = {
  color: 'text.secondary',
  fontSize: '0.93rem',
  textAlign: 'left',
  '&:hover': { color: 'primary.main' },
} as const;

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography variant="overline" component="h2" sx={{ color: 'primary.main', display: 'block', mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.2} sx={{ alignItems: 'flex-start' }}>
        {children}
      </Stack>
    </Box>
  );
}

/**
 * The footer's content: newsletter, Azienda / Supporto / Legale columns, copyright, support
 * email and the seller's identity from the stage configuration (company name, registered office,
 * P.IVA, REA, PEC: art. 7 c.1 D.Lgs. 70/2003 and art. 35 DPR 633/1972 ask for them on every page,
 * easily and permanently reachable). Loaded as the footer nears the viewport (see Footer).
 */
export function FooterContent() {
  const goToSection = useSectionNav();
  const { supportEmail, seller } = getConfig();
  const year = new Date().getFullYear();
  const to = (label: string, path: string) => (
    <Link key={path} component={RouterLink} to={path} underline="hover" sx={linkSx}>
      {label}
    </Link>
  );

  return (
    <Box id="site-footer-content">
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Grid container spacing={{ xs: 5, md: 4 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Logo />
            <Typography sx={{ color: 'text.secondary', mt: 2, mb: 3, maxWidth: 420 }}>
              Attrezzatura premium, programmi digitali e una community esclusiva per chi si allena senza compromessi.
              Ricevi in anteprima novità e offerte riservate.
            </Typography>
            <NewsletterForm />
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }} offset={{ md: 1 }}>
            <Column title="Azienda">
              {SECTION_LINKS.map((s) => (
                <Link
                  key={s.section}
                  component="button"
                  type="button"
                  underline="hover"
                  onClick={() => goToSection(s.section)}
                  sx={linkSx}
                >
                  {s.label}
                </Link>
              ))}
              {to('Premium', '/premium')}
            </Column>
          </Grid>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Column title="Supporto">
              {to('FAQ', '/legal/faq')}
              {to('Supporto', '/legal/supporto')}
              <Link href={`mailto:${supportEmail}`} underline="hover" sx={linkSx}>
                Scrivici
              </Link>
            </Column>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <Column title="Legale">{LEGAL_LINKS.map((l) => to(l.label, l.to))}</Column>
          </Grid>
        </Grid>
        <Divider sx={{ my: 4 }} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', color: 'text.secondary', fontSize: '0.85rem' }}
        >
          <Typography variant="body2" data-testid="copyright">
            © {year} {SHOP_NAME}. Tutti i diritti riservati.
          </Typography>
          <Link
            href={`mailto:${supportEmail}`}
            variant="body2"
            underline="hover"
            sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}
          >
            {supportEmail}
          </Link>
        </Stack>
        {seller && (
          <Typography
            variant="body2"
            data-testid="seller-identity"
            sx={{ color: 'text.secondary', fontSize: '0.8rem', mt: 1.5, lineHeight: 1.6 }}
          >
            {sellerLine(seller)}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
