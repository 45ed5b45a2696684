import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import GpsFixedOutlined from '@mui/icons-material/GpsFixedOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import { GoldText, SectionHeading } from '../../ui/section-heading';

const FIGURES = [
  { value: '2019', label: 'Anno di fondazione' },
  { value: '15K+', label: 'Clienti nel mondo' },
  { value: '98%', label: 'Soddisfazione' },
  { value: '50+', label: 'Paesi serviti' },
] as const;

const PILLARS = [
  {
    icon: <GpsFixedOutlined />,
    title: 'Precisione',
    text: 'Ogni attrezzo è progettato e testato per movimenti puliti, carichi esatti e progressi misurabili.',
  },
  {
    icon: <DiamondOutlined />,
    title: 'Qualità',
    text: 'Materiali selezionati, finiture impeccabili e controlli rigorosi: costruiti per durare anni di allenamento intenso.',
  },
  {
    icon: <GroupsOutlined />,
    title: 'Community Esclusiva',
    text: "Con l'Aurum Club entri in una cerchia di atleti motivati, con contenuti, sconti e anteprime riservate.",
  },
  {
    icon: <BoltOutlined />,
    title: 'Trasformazione Radicale',
    text: 'Non vendiamo solo attrezzi: ti accompagniamo con programmi e percorsi che cambiano corpo e mentalità.',
  },
] as const;

/** About section (id 'about'): story, key figures and the four pillars. */
export function AboutSection() {
  return (
    <Box
      component="section"
      id="about"
      aria-labelledby="about-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: (t) => (t.palette.mode === 'dark' ? '#0e0e0e' : '#f4efe2') }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          overline="Chi Siamo"
          title={
            <span id="about-title">
              Nati per <GoldText>l&apos;eccellenza</GoldText>
            </span>
          }
          subtitle="Aurum Fitness nasce a Bari nel 2019 dalla passione di un gruppo di atleti e allenatori stanchi di attrezzatura mediocre. Da allora selezioniamo e progettiamo strumenti premium per chi si allena a casa o in palestra, con la stessa cura che si riserva a un gioiello."
        />
        <Grid container spacing={2} sx={{ mb: { xs: 6, md: 8 } }} data-testid="about-figures">
          {FIGURES.map((f) => (
            <Grid key={f.label} size={{ xs: 6, md: 3 }}>
              <Box
                sx={{
                  textAlign: 'center',
                  py: 3,
                  px: 1,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                }}
              >
                <Typography sx={{ typography: 'h3', color: 'primary.main' }}>{f.value}</Typography>
                <Typography sx={{ color: 'text.secondary', fontSize: '0.92rem', mt: 0.5 }}>{f.label}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
        <Grid container spacing={3}>
          {PILLARS.map((p) => (
            <Grid key={p.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card
                sx={{
                  height: '100%',
                  bgcolor: 'background.paper',
                  transition: 'transform .25s, border-color .25s',
                  '&:hover': { transform: 'translateY(-4px)', borderColor: 'primary.main' },
                }}
              >
                <CardContent sx={{ p: 3.5 }}>
                  <Box
                    sx={{
                      width: 52,
                      height: 52,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      mb: 2.5,
                      color: 'primary.main',
                      border: 1,
                      borderColor: 'primary.main',
                      bgcolor: 'rgba(212,175,55,0.08)',
                    }}
                  >
                    {p.icon}
                  </Box>
                  <Typography variant="h5" component="h3" sx={{ mb: 1.2 }}>
                    {p.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{p.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
