/**
 * The box a shopper ticks before paying for digital content (Codice del Consumo art. 59 c.1 lett.
 * o): the express consent to the immediate supply and the acknowledgement that the withdrawal right
 * is lost for that content. Shown by the cart only when it holds digital content; unticked at first.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { CHECKOUT_MSG } from '../../../shared/messages/checkout';

export function DigitalConsentBox({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <FormControlLabel
      data-testid="digital-consent"
      sx={{ mt: 2.5, mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { fontSize: '0.85rem', pt: 1 } }}
      control={
        <Checkbox
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'data-testid': 'digital-consent-checkbox' } as object }}
        />
      }
      label={CHECKOUT_MSG.digitalConsentLabel}
    />
  );
}
