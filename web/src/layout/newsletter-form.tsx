import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { NEWSLETTER_API } from '../../../shared/api/newsletter';
import { NEWSLETTER_MSG } from '../../../shared/newsletter';
import { ApiError, callApi } from '../api/client';
import { useToast } from '../ui/toast';

/**
 * Newsletter sign-up: required email; POST /api/newsletter starts the double opt-in (the answer is
 * the same for every address: 'Controlla la tua email'). Built from
 * FormControl/InputLabel/OutlinedInput (what TextField renders) because TextField also brings
 * Select, Menu and Popover into every page's first load (the footer is on every page).
 */
export function NewsletterForm() {
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    callApi(NEWSLETTER_API.subscribe, { body: { email } })
      .then(() => {
        toast({ title: NEWSLETTER_MSG.requestedTitle, description: NEWSLETTER_MSG.requested });
        setEmail('');
      })
      .catch((err: unknown) => {
        const title = err instanceof ApiError && err.title ? err.title : NEWSLETTER_MSG.errorTitle;
        toast({ variant: 'destructive', title, description: err instanceof Error ? err.message : '' });
      })
      .finally(() => setBusy(false));
  };
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      data-testid="newsletter-form"
      sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, width: '100%', maxWidth: 480 }}
    >
      <FormControl required size="small" variant="outlined">
        <InputLabel htmlFor="newsletter-email">La tua email</InputLabel>
        <OutlinedInput
          id="newsletter-email"
          type="email"
          label="La tua email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          inputProps={{ 'aria-label': 'Email per la newsletter' }}
        />
      </FormControl>
      <Button type="submit" variant="contained" disabled={busy} sx={{ flexShrink: 0, px: 3.5 }}>
        Iscriviti
      </Button>
    </Box>
  );
}
