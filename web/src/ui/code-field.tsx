import TextField from '@mui/material/TextField';
import { MFA_CODE_LENGTH } from '../../../shared/constants';
import { AUTH_TEXT } from '../../../shared/messages/auth-ui';

/**
 * A 6-digit verification code input (the code field rule: required, digits only, placeholder 123456, at most
 * 6 characters). The parent keeps the value; `onChange` receives the raw text to filter.
 */
export function CodeField({
  value,
  onChange,
  label = AUTH_TEXT.codeLabel,
  autoFocus = true,
  disabled = false,
}: {
  value: string;
  onChange(value: string): void;
  label?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="code"
      required
      fullWidth
      autoFocus={autoFocus}
      disabled={disabled}
      autoComplete="one-time-code"
      placeholder={AUTH_TEXT.codePlaceholder}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH))}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: `[0-9]{${MFA_CODE_LENGTH}}`,
          maxLength: MFA_CODE_LENGTH,
          title: `Inserisci le ${MFA_CODE_LENGTH} cifre del codice`,
          'data-testid': 'code-input',
          style: {
            letterSpacing: '0.5em',
            textAlign: 'center',
            fontSize: '1.35rem',
            fontVariantNumeric: 'tabular-nums',
          },
        },
      }}
    />
  );
}
