import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../shared/messages';
import { useDocumentTitle } from '../ui/use-document-title';
import { GoldText } from '../ui/section-heading';

/** 'Pagina non trovata' block with a link home; used by the 404 route and unknown legal pages. */
export function NotFoundPage() {
  useDocumentTitle(MSG.pageNotFound);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }} data-testid="not-found">
      <Typography sx={{ typography: 'h1', fontSize: { xs: '5rem', md: '7rem' }, lineHeight: 1 }}>
        <GoldText>404</GoldText>
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mt: 2, mb: 2 }}>
        {MSG.pageNotFound}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        La pagina che cerchi non esiste o è stata spostata.
      </Typography>
      <Box>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Torna alla Home
        </Button>
      </Box>
    </Container>
  );
}
