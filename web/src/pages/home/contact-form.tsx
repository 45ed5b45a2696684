import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Send from '@mui/icons-material/Send';
import { MSG } from '../../../../shared/messages';
import { useToast } from '../../ui/toast';

/** Contact-form topics: value -> Italian label (the contact form's topic field). */
export const CONTACT_TOPICS = [
  { value: 'prodotti', label: 'Informazioni sui prodotti' },
  { value: 'ordini', label: 'Supporto ordini' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'altro', label: 'Altro' },
] as const;

const EMPTY = { firstName: '', lastName: '', email: '', topic: '', message: '' };

/** Contact form; submitting only shows the 'not yet implemented' toast. */
export function ContactForm() {
  const { toast } = useToast();
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    toast({ title: MSG.notImplemented });
  };
  return (
    <Box component="form" onSubmit={onSubmit} data-testid="contact-form">
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Nome"
            name="firstName"
            required
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Cognome"
            name="lastName"
            required
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            select
            label="Argomento"
            name="topic"
            value={form.topic}
            onChange={set('topic')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Seleziona un argomento</option>
            {CONTACT_TOPICS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField
            label="Messaggio"
            name="message"
            required
            multiline
            rows={5}
            value={form.message}
            onChange={set('message')}
          />
        </Grid>
        <Grid size={12}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            endIcon={<Send />}
            sx={{ px: 4, width: { xs: '100%', sm: 'auto' } }}
          >
            Invia Messaggio
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}
