import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';

/**
 * One choice of the cart's radio lists (shipping method, shipping address): a bordered card with
 * the radio on the left, gold when selected. Use inside a RadioGroup.
 */
export function ChoiceOption({
  value,
  selected,
  disabled,
  testId,
  children,
}: {
  value: string;
  selected: boolean;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <FormControlLabel
      value={value}
      disabled={disabled}
      data-testid={testId}
      data-selected={selected ? 'true' : 'false'}
      control={<Radio />}
      sx={{
        m: 0,
        pr: 1.5,
        py: 0.5,
        borderRadius: 2,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        alignItems: 'flex-start',
        '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0, pt: 1 },
      }}
      label={children}
    />
  );
}
