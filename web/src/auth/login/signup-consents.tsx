import { Link as RouterLink } from 'react-router-dom';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEGAL_DOCUMENT_PATHS } from '../../../../shared/legal-documents';
import { AUTH_TEXT } from '../../../../shared/messages/auth-ui';
import type { LoginFlow } from './use-login-flow';

/** A link to a legal page, opened in a new tab so the form keeps what was typed. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <Link component={RouterLink} to={to} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
      {children}
    </Link>
  );
}

/**
 * The two boxes of 'Registrati', both unticked: acceptance of the Termini and the Privacy Policy
 * (the server refuses a sign-up without it, naming the field) and, separate and optional, the
 * newsletter (GDPR art. 7(2): consent clearly distinguishable from the other matters).
 */
export function SignupConsents({ flow }: { flow: LoginFlow }) {
  const label = (text: React.ReactNode) => (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {text}
    </Typography>
  );
  return (
    <Stack spacing={0.5} data-testid="signup-consents">
      <FormControlLabel
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
        control={
          <Checkbox
            name="accept_terms"
            checked={flow.acceptTerms}
            onChange={(e) => flow.setAcceptTerms(e.target.checked)}
            slotProps={{ input: { 'aria-label': AUTH_TEXT.acceptTermsAria } }}
          />
        }
        label={label(
          <>
            {AUTH_TEXT.acceptTermsBefore}
            <LegalLink to={LEGAL_DOCUMENT_PATHS.terms}>{AUTH_TEXT.terms}</LegalLink>
            {AUTH_TEXT.acceptTermsBetween}
            <LegalLink to={LEGAL_DOCUMENT_PATHS.privacy}>{AUTH_TEXT.privacy}</LegalLink>
            {AUTH_TEXT.acceptTermsAfter}
          </>,
        )}
      />
      <FormControlLabel
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
        control={
          <Checkbox
            name="marketing_consent"
            checked={flow.marketingConsent}
            onChange={(e) => flow.setMarketingConsent(e.target.checked)}
            slotProps={{ input: { 'aria-label': AUTH_TEXT.marketingConsent } }}
          />
        }
        label={label(AUTH_TEXT.marketingConsent)}
      />
    </Stack>
  );
}
