import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useSession } from '../auth/session';
import { PageHeader } from '../ui/page-header';
import { useDocumentTitle } from '../ui/use-document-title';

/** The 14 sections of the back office (spec 2 'Admin shell'), in sidebar order; products is the default. */
export const ADMIN_SECTIONS: ReadonlyArray<{ slug: string; label: string }> = [
  { slug: 'products', label: 'Prodotti' },
  { slug: 'users', label: 'Utenti' },
  { slug: 'orders', label: 'Ordini' },
  { slug: 'subscriptions', label: 'Abbonamenti' },
  { slug: 'digital-assets', label: 'Asset Digitali' },
  { slug: 'suppliers', label: 'Fornitori' },
  { slug: 'bundles', label: 'Bundle' },
  { slug: 'comments', label: 'Commenti' },
  { slug: 'inventory-alerts', label: 'Avvisi Inventario' },
  { slug: 'payments', label: 'Pagamenti' },
  { slug: 'shipping', label: 'Spedizioni' },
  { slug: 'categories', label: 'Categorie' },
  { slug: 'discounts', label: 'Codici Sconto' },
  { slug: 'automations', label: 'Automazioni' },
];

/** /admin/* (admins only): landing of the back office listing its sections; the screens come later. */
export function AdminPage() {
  useDocumentTitle('Pannello Admin');
  const { user } = useSession();
  const section = useParams()['*']?.split('/')[0] || 'products';
  return (
    <Box data-testid="admin-page">
      <PageHeader overline="Back office" title="Pannello Admin" subtitle={user ? `Accesso come ${user.email}` : undefined} />
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <Typography variant="overline" sx={{ display: 'block', px: 2.5, pt: 2, color: 'primary.main' }}>
            Sezioni
          </Typography>
          <List component="nav" aria-label="Sezioni admin" data-testid="admin-sections" sx={{ px: 1, pb: 1 }}>
            {ADMIN_SECTIONS.map((s) => (
              <ListItemButton key={s.slug} component={RouterLink} to={`/admin/${s.slug}`} selected={s.slug === section} sx={{ borderRadius: 1.5 }}>
                <ListItemText primary={s.label} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Typography sx={{ color: 'text.secondary', mt: 3, textAlign: 'center' }}>
          Le schermate di gestione saranno disponibili a breve.
        </Typography>
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button component={RouterLink} to="/" variant="outlined" startIcon={<ArrowBack />}>
            Torna al sito
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
