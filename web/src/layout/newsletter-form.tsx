import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../shared/messages';
import { useToast } from '../ui/toast';

/** Newsletter sign-up: required email; submitting only announces that it is coming soon. */
export function NewsletterForm() {
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    toast({ title: MSG.newsletterTitle, description: MSG.newsletterBody });
  };
  return (
    <Box component="form" onSubmit={onSubmit} data-testid="newsletter-form" sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, width: '100%', maxWidth: 480 }}>
      <TextField
        type="email"
        required
        size="small"
        label="La tua email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Email per la newsletter' } }}
      />
      <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 3.5 }}>
        Iscriviti
      </Button>
    </Box>
  );
}
