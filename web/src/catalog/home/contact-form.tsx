import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Send from '@mui/icons-material/Send';
import { CONTACT_API } from '../../../../shared/api/contact';
import { CONTACT_MSG, CONTACT_TOPICS } from '../../../../shared/contact';
import { ApiError, callApi } from '../../api/client';
import { useToast } from '../../ui/toast';

export { CONTACT_TOPICS };

const EMPTY = { firstName: '', lastName: '', email: '', topic: '', message: '', website: '' };

/**
 * Contact form: POST /api/contact (the message reaches the support inbox and the sender gets an
 * automatic reply). `website` is a honeypot people never see or reach with the keyboard.
 */
export function ContactForm() {
  const { toast } = useToast();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    callApi(CONTACT_API.contact, {
      body: {
        first_name: form.firstName,
        last_name: form.lastName,
        email: form.email,
        topic: form.topic || null,
        message: form.message,
        website: form.website,
      },
    })
      .then(() => {
        toast({ title: CONTACT_MSG.sentTitle, description: CONTACT_MSG.sent });
        setForm(EMPTY);
      })
      .catch((error: unknown) => {
        const title = error instanceof ApiError && error.title ? error.title : CONTACT_MSG.errorTitle;
        toast({ variant: 'destructive', title, description: error instanceof Error ? error.message : '' });
      })
      .finally(() => setBusy(false));
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
          {/* Honeypot: hidden from people, screen readers and the tab order; bots fill it. */}
          <Box
            aria-hidden="true"
            sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
          >
            <label>
              Sito web
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={form.website}
                onChange={set('website')}
              />
            </label>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
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
