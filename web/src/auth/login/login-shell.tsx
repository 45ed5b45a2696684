import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Logo } from '../../layout/logo';
import { ThemeToggle } from '../../layout/header-icons';
import { AUTH_TEXT } from '../../../../shared/messages/auth-ui';

/**
 * Frame of /login: gold-lit background, theme toggle, logo link to '/', the card and the footer
 * links 'Termini' and 'Privacy Policy' to their legal pages (what a shopper signing up agrees to).
 */
export function LoginShell({ children }: { children: ReactNode }) {
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
      <Paper
        variant="outlined"
        sx={(t) => ({
          width: '100%',
          maxWidth: 440,
          p: { xs: 3, sm: 4.5 },
          borderRadius: 3,
          borderColor: 'divider',
          boxShadow: t.palette.mode === 'dark' ? '0 30px 80px rgba(0,0,0,0.45)' : '0 24px 60px rgba(126,100,23,0.14)',
        })}
      >
        {children}
      </Paper>
      <Stack direction="row" spacing={3} sx={{ mt: 4, fontSize: '0.9rem' }}>
        <Link component={RouterLink} to="/legal/termini-e-condizioni" sx={{ color: 'text.secondary' }}>
          {AUTH_TEXT.terms}
        </Link>
        <Link component={RouterLink} to="/legal/privacy-policy" sx={{ color: 'text.secondary' }}>
          {AUTH_TEXT.privacy}
        </Link>
      </Stack>
    </Box>
  );
}
