import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { MSG } from '../../../shared/messages';
import { useToast } from '../ui/toast';

/**
 * Newsletter sign-up: required email; submitting only announces that it is coming soon. Built from
 * FormControl/InputLabel/OutlinedInput (what TextField renders) because TextField also brings
 * Select, Menu and Popover into every page's first load (the footer is on every page).
 */
export function NewsletterForm() {
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    toast({ title: MSG.newsletterTitle, description: MSG.newsletterBody });
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
      <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 3.5 }}>
        Iscriviti
      </Button>
    </Box>
  );
}
