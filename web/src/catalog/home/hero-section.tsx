import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { MSG } from '../../../../shared/messages';
import { useToast } from '../../ui/toast';
import { GoldText } from '../../ui/section-heading';
import { scrollToSection } from '../../layout/use-section-nav';
import { HeroArt } from './hero-art';

const STATS = [
  { value: '10K+', label: 'Clienti Soddisfatti' },
  { value: '50+', label: 'Prodotti Premium' },
  { value: '5★', label: 'Valutazione Media' },
] as const;

/** Home hero: badge, headline, tagline, two calls to action, three stats and the gold artwork. */
export function HeroSection() {
  const { toast } = useToast();
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={(t) => ({
        position: 'relative',
        overflow: 'hidden',
        py: { xs: 6, md: 10 },
        background:
          t.palette.mode === 'dark'
            ? 'radial-gradient(1200px 600px at 85% 20%, rgba(212,175,55,0.12), transparent 60%), radial-gradient(800px 500px at 0% 100%, rgba(212,175,55,0.06), transparent 60%)'
            : 'radial-gradient(1200px 600px at 85% 20%, rgba(212,175,55,0.18), transparent 60%)',
      })}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            gap: 6,
            alignItems: 'center',
          }}
        >
          <Box>
            <Box
              component="p"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                m: 0,
                mb: 3,
                px: 1.5,
                py: 0.6,
                border: 1,
                borderColor: 'primary.main',
                borderRadius: 4,
                color: 'primary.main',
                fontSize: '0.8125rem',
                fontWeight: 600,
                lineHeight: 1.4,
              }}
            >
              <WorkspacePremiumOutlined sx={{ fontSize: 18 }} />
              Attrezzatura Premium per Atleti Esigenti
            </Box>
            <Typography id="hero-title" variant="h1" sx={{ mb: 3 }}>
              Forgia il tuo corpo <GoldText>nell&apos;oro</GoldText>
            </Typography>
            <Typography
              sx={{
                color: 'text.secondary',
                fontSize: { xs: '1.05rem', md: '1.2rem' },
                lineHeight: 1.7,
                mb: 4,
                maxWidth: 540,
              }}
            >
              Attrezzatura d&apos;eccellenza, programmi di allenamento e percorsi di crescita personale pensati per chi
              non accetta compromessi. Allenati a casa o in palestra come un campione.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: { xs: 5, md: 6 } }}>
              <Button
                variant="contained"
                size="large"
                endIcon={<ArrowDownward />}
                onClick={() => scrollToSection('products')}
                sx={{ py: 1.4, px: 4 }}
              >
                Scopri i Prodotti
              </Button>
              <Button
                variant="outlined"
                size="large"
                startIcon={<PlayCircleOutlined />}
                onClick={() => toast({ title: MSG.notImplemented })}
                sx={{ py: 1.4, px: 4 }}
              >
                Guarda il Video
              </Button>
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(3, auto)',
                justifyContent: 'start',
                columnGap: { xs: 2.5, sm: 5 },
              }}
              data-testid="hero-stats"
            >
              {STATS.map((s) => (
                <Box key={s.label} sx={{ minWidth: 0 }}>
                  <Typography
                    sx={{
                      typography: 'h3',
                      fontSize: { xs: '1.7rem', sm: '2.2rem' },
                      color: 'primary.main',
                      lineHeight: 1.1,
                    }}
                  >
                    {s.value}
                  </Typography>
                  <Typography
                    sx={{
                      color: 'text.secondary',
                      fontSize: { xs: '0.78rem', sm: '0.9rem' },
                      lineHeight: 1.35,
                      mt: 0.5,
                    }}
                  >
                    {s.label}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <Box>
            <HeroArt />
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
