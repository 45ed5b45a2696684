import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormatQuote from '@mui/icons-material/FormatQuote';
import { GoldText, SectionHeading } from '../../ui/section-heading';
import { REVIEWS } from './reviews-data';
import { GOLD, INK } from '../../theme/colors';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((p) => p[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Reviews section (id 'reviews'): the six static review cards. */
export function ReviewsSection() {
  return (
    <Box component="section" id="reviews" aria-labelledby="reviews-title" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          overline="Recensioni"
          title={
            <span id="reviews-title">
              La parola ai nostri <GoldText>atleti</GoldText>
            </span>
          }
          subtitle="Allenatori, atleti e appassionati che hanno scelto Aurum Fitness raccontano la loro esperienza."
        />
        <Grid container spacing={3}>
          {REVIEWS.map((r) => (
            <Grid key={r.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card
                data-testid="review-card"
                sx={{ height: '100%', position: 'relative', bgcolor: 'background.paper' }}
              >
                <CardContent sx={{ p: 3.5, display: 'flex', flexDirection: 'column', height: '100%' }}>
                  <FormatQuote
                    sx={{
                      position: 'absolute',
                      top: 14,
                      right: 16,
                      fontSize: 48,
                      color: 'primary.main',
                      opacity: 0.18,
                    }}
                  />
                  <Rating
                    value={r.rating}
                    readOnly
                    size="small"
                    sx={{ color: 'primary.main', mb: 2 }}
                    aria-label={`${r.rating} stelle su 5`}
                  />
                  <Typography sx={{ lineHeight: 1.75, mb: 3, flex: 1 }}>“{r.text}”</Typography>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <Avatar sx={{ bgcolor: GOLD.main, color: INK.black, fontWeight: 700, width: 44, height: 44 }}>
                      {initials(r.name)}
                    </Avatar>
                    <Box>
                      <Typography sx={{ fontWeight: 700 }}>{r.name}</Typography>
                      <Typography sx={{ color: 'text.secondary', fontSize: '0.88rem' }}>{r.role}</Typography>
                    </Box>
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
