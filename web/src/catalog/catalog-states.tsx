import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';

/** Centered spinner with a status text (e.g. 'Caricamento prodotti...'). */
export function LoadingState({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ py: 10, display: 'grid', placeItems: 'center', gap: 2 }}>
      <CircularProgress size={32} />
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
    </Box>
  );
}

/** Empty result block with an optional hint. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Box
      data-testid="empty-state"
      sx={{
        py: { xs: 6, md: 8 },
        px: 3,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
      }}
    >
      <SearchOff sx={{ fontSize: 44, color: 'primary.main', mb: 1.5 }} />
      <Typography variant="h5" component="p" sx={{ mb: hint ? 1 : 0 }}>
        {title}
      </Typography>
      {hint && <Typography sx={{ color: 'text.secondary' }}>{hint}</Typography>}
    </Box>
  );
}
