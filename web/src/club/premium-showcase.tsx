import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { tierStars } from '../../../shared/tiers';
import type { PremiumProductDto } from '../../../shared/api/catalog';
import { GOLD_GRADIENT } from '../theme/colors';
import { PLACEHOLDER_IMAGE } from '../ui/placeholder';

/** Upper-case tier label with stars, e.g. 'PREMIUM ★★'. */
export function tierLabel(tier: string): string {
  return `${tier.toUpperCase()} ${'★'.repeat(tierStars(tier))}`;
}

/** Grid of premium-tier products, each linking to /product/{id}. */
export function PremiumShowcase({ items }: { items: PremiumProductDto[] }) {
  return (
    <Grid container spacing={3}>
      {items.map((p) => (
        <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <Card
            data-testid="premium-product"
            sx={{
              height: '100%',
              bgcolor: 'background.paper',
              transition: 'border-color .25s',
              '&:hover': { borderColor: 'primary.main' },
            }}
          >
            <CardActionArea
              component={RouterLink}
              to={`/product/${p.id}`}
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                justifyContent: 'flex-start',
              }}
            >
              <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: '#0a0a0a', overflow: 'hidden' }}>
                <Box
                  component="img"
                  src={p.image_url ?? PLACEHOLDER_IMAGE}
                  alt={p.name}
                  loading="lazy"
                  onError={(e) => {
                    const img = e.currentTarget;
                    if (img.src !== PLACEHOLDER_IMAGE) img.src = PLACEHOLDER_IMAGE;
                  }}
                  sx={{
                    width: '100%',
                    height: '100%',
                    objectFit: 'cover',
                    display: 'block',
                    transition: 'transform .4s',
                    '.MuiCardActionArea-root:hover &': { transform: 'scale(1.04)' },
                  }}
                />
                <Chip
                  size="small"
                  label={tierLabel(p.premium_tier)}
                  sx={{
                    position: 'absolute',
                    top: 12,
                    left: 12,
                    backgroundImage: GOLD_GRADIENT,
                    color: '#0a0a0a',
                    fontWeight: 800,
                    letterSpacing: '0.1em',
                    fontSize: '0.7rem',
                  }}
                />
                {!p.accessible && (
                  <Box
                    sx={{
                      position: 'absolute',
                      top: 10,
                      right: 10,
                      width: 32,
                      height: 32,
                      borderRadius: '50%',
                      bgcolor: 'rgba(0,0,0,0.7)',
                      color: '#D4AF37',
                      display: 'grid',
                      placeItems: 'center',
                    }}
                    aria-label="Riservato ai membri"
                  >
                    <LockOutlined fontSize="small" />
                  </Box>
                )}
              </Box>
              <Box sx={{ p: 2.5 }}>
                {p.category && (
                  <Typography
                    sx={{
                      color: 'primary.main',
                      fontSize: '0.75rem',
                      letterSpacing: '0.12em',
                      textTransform: 'uppercase',
                      mb: 0.5,
                    }}
                  >
                    {p.category}
                  </Typography>
                )}
                <Typography variant="h6" component="h3">
                  {p.name}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
