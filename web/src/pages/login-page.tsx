import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_HINT } from '../../../shared/constants';
import { Logo } from '../layout/logo';
import { ThemeToggle } from '../layout/header-icons';
import { useToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';

type Mode = 'signin' | 'signup';

/**
 * /login ('Area Riservata'): sign-in and registration tabs. The identity service is wired by the
 * accounts issue; until then submitting reports that the service is not yet available.
 */
export function LoginPage() {
  useDocumentTitle('Area Riservata');
  const { toast } = useToast();
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const switchMode = (next: Mode) => {
    setMode(next);
    setEmail('');
    setPassword('');
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    toast({
      variant: 'destructive',
      title: mode === 'signin' ? 'Errore di accesso' : 'Errore di registrazione',
      description: 'Servizio di accesso non ancora disponibile.',
    });
  };

  return (
    <Box
      data-testid="login-page"
      sx={(t) => ({
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, md: 8 },
        position: 'relative',
        background:
          t.palette.mode === 'dark'
            ? 'radial-gradient(900px 500px at 50% 0%, rgba(212,175,55,0.16), transparent 70%), #0a0a0a'
            : 'radial-gradient(900px 500px at 50% 0%, rgba(212,175,55,0.22), transparent 70%), #faf7ef',
      })}
    >
      <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
        <ThemeToggle />
      </Box>
      <Box sx={{ mb: 4 }}>
        <Logo />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4.5 }, borderRadius: 3, borderColor: 'divider', boxShadow: '0 30px 80px rgba(0,0,0,0.25)' }}>
        <Typography variant="h3" component="h1" sx={{ textAlign: 'center', mb: 1 }}>
          Area Riservata
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3 }}>
          {mode === 'signin' ? 'Accedi al tuo account per continuare.' : 'Crea il tuo account Aurum Fitness.'}
        </Typography>
        <Tabs value={mode} onChange={(_e, v: Mode) => switchMode(v)} variant="fullWidth" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="signin" label="Accedi" />
          <Tab value="signup" label="Registrati" />
        </Tabs>
        <Box component="form" onSubmit={onSubmit} data-testid={mode === 'signin' ? 'signin-form' : 'signup-form'}>
          <Stack spacing={2.5}>
            <TextField label="Email" type="email" name="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField
              label="Password"
              type="password"
              name="password"
              required
              autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
              placeholder={mode === 'signup' ? `Min. ${PASSWORD_MIN_HINT} caratteri` : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" variant="contained" size="large" fullWidth sx={{ py: 1.3 }}>
              {mode === 'signin' ? 'Accedi' : 'Registrati'}
            </Button>
          </Stack>
        </Box>
      </Paper>
      <Stack direction="row" spacing={3} sx={{ mt: 4, fontSize: '0.9rem' }}>
        <Link component={RouterLink} to="/" sx={{ color: 'text.secondary' }}>
          Termini
        </Link>
        <Link component={RouterLink} to="/" sx={{ color: 'text.secondary' }}>
          Privacy Policy
        </Link>
      </Stack>
    </Box>
  );
}
