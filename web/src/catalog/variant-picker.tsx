import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';
import type { PickerOption, PickerValue } from './variant-choice';

/**
 * The product page's choice of a variant: one radio group per option ('Peso', 'Taglia'), labelled
 * by the option's name, with every value in the product's order. A value whose variant is sold out
 * ('esaurito') or not on sale with the other values chosen ('non disponibile') is shown disabled
 * with that hint, never hidden. Native radios: Tab reaches the group, the arrow keys move the
 * choice. Loaded only for products with options (product-page.tsx loads it lazily).
 * @param options the picker's options for the chosen variant (variant-choice.ts pickerOptions)
 * @param onPick called with the SKU of the variant a pick selects
 */
export function VariantPicker({ options, onPick }: { options: PickerOption[]; onPick(sku: string): void }) {
  return (
    <Box data-testid="variant-picker" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {options.map((option) => (
        <OptionGroup key={option.name} option={option} onPick={onPick} />
      ))}
    </Box>
  );
}

function OptionGroup({ option, onPick }: { option: PickerOption; onPick(sku: string): void }) {
  const labelId = useId();
  const checked = option.values.find((v) => v.checked)?.value ?? '';
  return (
    <Box data-testid="variant-option">
      <Typography
        component="p"
        sx={{ fontWeight: 700, letterSpacing: '0.04em', mb: 0.75, display: 'flex', gap: 1, alignItems: 'baseline' }}
      >
        <span id={labelId}>{option.name}</span>
        {/* The chosen value at a glance; the checked radio already tells assistive technology. */}
        <Typography component="span" aria-hidden sx={{ color: 'primary.main', fontWeight: 600 }}>
          {checked}
        </Typography>
      </Typography>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={`${labelId}-values`}
        value={checked}
        onChange={(e) => {
          const sku = option.values.find((v) => v.value === e.target.value)?.sku;
          if (sku) onPick(sku);
        }}
        sx={{ gap: 1 }}
      >
        {option.values.map((v) => (
          <ValueChoice key={v.value} value={v} />
        ))}
      </RadioGroup>
    </Box>
  );
}

function ValueChoice({ value: v }: { value: PickerValue }) {
  const hint =
    v.availability === 'sold_out'
      ? CATALOG_TEXT.valueSoldOut
      : v.availability === 'unavailable'
        ? CATALOG_TEXT.valueUnavailable
        : null;
  return (
    <FormControlLabel
      value={v.value}
      disabled={v.availability !== 'available'}
      data-testid="variant-value"
      data-availability={v.availability}
      control={<Radio size="small" sx={{ p: 0.75 }} />}
      label={
        // inline, with a real space: the radio's name reads '24 kg esaurito'
        <Box component="span">
          <Box
            component="span"
            sx={{ fontWeight: 600, textDecoration: v.availability === 'available' ? 'none' : 'line-through' }}
          >
            {v.value}
          </Box>
          {hint && ' '}
          {hint && (
            <Box component="span" sx={{ fontSize: '0.75rem', fontStyle: 'italic' }}>
              {hint}
            </Box>
          )}
        </Box>
      }
      sx={{
        m: 0,
        pl: 0.5,
        pr: 1.75,
        minHeight: 44,
        borderRadius: 2,
        border: 1.5,
        borderColor: v.checked ? 'primary.main' : 'divider',
        bgcolor: v.checked ? 'action.selected' : 'transparent',
        transition: 'border-color .2s',
        '&:hover': { borderColor: v.availability === 'available' ? 'primary.main' : undefined },
        '&:has(.Mui-focusVisible)': { outline: 2, outlineColor: 'primary.light', outlineOffset: 2 },
      }}
    />
  );
}
