import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { getConfig } from '../../config';
import { GoldText, SectionHeading } from '../../ui/section-heading';
import { ContactForm } from './contact-form';

const FAQ_LINKS = [
  "Come scegliere l'attrezzatura",
  'Spedizioni e tempi di consegna',
  'Garanzia e resi',
  'Programmi di allenamento inclusi',
] as const;

function Tile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{
        p: 2.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        alignItems: 'flex-start',
      }}
    >
      <Box
        sx={{
          color: 'primary.main',
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(212,175,55,0.1)',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        <Box sx={{ color: 'text.secondary', fontSize: '0.93rem', overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
    </Stack>
  );
}

/** Contact section (id 'contact'): message form, three info tiles and four FAQ links. */
export function ContactSection() {
  const email = getConfig().supportEmail;
  return (
    <Box
      component="section"
      id="contact"
      aria-labelledby="contact-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: (t) => (t.palette.mode === 'dark' ? '#0e0e0e' : '#f4efe2') }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          overline="Contatti"
          title={
            <span id="contact-title">
              Parliamo del tuo <GoldText>prossimo traguardo</GoldText>
            </span>
          }
          subtitle="Hai una domanda su un prodotto, un ordine o una collaborazione? Scrivici: il nostro team ti risponde rapidamente."
        />
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card sx={{ bgcolor: 'background.paper' }}>
              <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
                <Typography variant="h5" component="h3" sx={{ mb: 3 }}>
                  Inviaci un messaggio
                </Typography>
                <ContactForm />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={2}>
              <Tile icon={<MailOutlined />} title="Email">
                <Link href={`mailto:${email}`} sx={{ color: 'primary.main' }}>
                  {email}
                </Link>
                <div>Risposta entro 24 ore</div>
              </Tile>
              <Tile icon={<PlaceOutlined />} title="Sede">
                Bari, Puglia — Sud Italia
              </Tile>
              <Tile icon={<SupportAgentOutlined />} title="Assistenza">
                Supporto online 24/7
              </Tile>
              <Box sx={{ pt: 2 }}>
                <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
                  Domande frequenti
                </Typography>
                <Stack spacing={0.5}>
                  {FAQ_LINKS.map((label) => (
                    <Link
                      key={label}
                      component={RouterLink}
                      to="/legal/faq"
                      underline="none"
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'space-between',
                        py: 1.2,
                        px: 1.5,
                        borderRadius: 2,
                        color: 'text.primary',
                        '&:hover': { bgcolor: 'rgba(212,175,55,0.08)', color: 'primary.main' },
                      }}
                    >
                      {label}
                      <ChevronRight fontSize="small" sx={{ color: 'primary.main' }} />
                    </Link>
                  ))}
                </Stack>
              </Box>
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
