/**
 * The box a buyer ticks before paying for an Aurum Club plan: the express request that the
 * membership starts at once, during the 14 days of withdrawal, knowing that withdrawing later costs
 * the part already enjoyed (Codice del Consumo art. 50 c.3 and art. 57 c.3). Unticked at first; the
 * server refuses a subscription checkout without it.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { CLUB_MSG } from '../../../shared/messages/club';
import { CLUB_TEXT } from '../../../shared/messages/club-ui';

export function ServiceStartBox({
  checked,
  missing,
  onChange,
}: {
  checked: boolean;
  /** True after 'Abbonati Ora' without the tick: the box says what is missing. */
  missing: boolean;
  onChange(checked: boolean): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // 'Abbonati Ora' may be far below the box: bring the box into view and focus it
  useEffect(() => {
    if (!missing) return;
    input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input.current?.focus({ preventScroll: true });
  }, [missing]);
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', mb: 4 }}>
      <FormControlLabel
        data-testid="service-start-request"
        sx={{ mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { fontSize: '0.9rem', pt: 1 } }}
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{
              input: {
                ref: input,
                'data-testid': 'service-start-checkbox',
                'aria-invalid': missing || undefined,
              } as object,
            }}
          />
        }
        label={CLUB_MSG.serviceStartLabel}
      />
      {missing && (
        <FormHelperText error data-testid="service-start-missing" sx={{ ml: 4 }}>
          {CLUB_TEXT.serviceStartMissing}
        </FormHelperText>
      )}
    </Box>
  );
}
