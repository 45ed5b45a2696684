import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { formatEuro, parseEuroInput } from '../../../../shared/money';
import type { PriceChange } from '../../../../shared/price-history';
import { VAT_RATES, type VatRate } from '../../../../shared/vat';
import { reductionPreview, type ProductFormErrors, type ProductFormState } from './product-form-model';

const T = CATALOG_ADMIN_TEXT.productForm;

type SetField = <K extends keyof ProductFormState>(key: K, value: ProductFormState[K]) => void;

/**
 * The price's legal fields of the product form: the VAT rate (Italy's 22/10/5/4 %) and the switch
 * that announces the price as a reduction, with what the shop will strike through: the lowest
 * price of the 30 days before (art. 17-bis Codice del Consumo), computed from the recorded history
 * and the price being typed (the server computes the same when it saves).
 */
export function PriceLegalFields({
  state,
  set,
  history,
  disabled,
}: {
  state: ProductFormState;
  set: SetField;
  history: readonly PriceChange[];
  disabled: boolean;
}) {
  const price = parseEuroInput(state.price);
  const preview = price === null ? null : reductionPreview(history, price, new Date().toISOString());
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        select
        label={T.vatRate}
        value={String(state.vat_rate)}
        onChange={(e) => set('vat_rate', Number(e.target.value) as VatRate)}
        disabled={disabled}
        fullWidth
      >
        {VAT_RATES.map((r) => (
          <MenuItem key={r} value={String(r)}>
            {T.vatRateOption(r)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            checked={state.announce_reduction}
            onChange={(e) => set('announce_reduction', e.target.checked)}
            disabled={disabled}
          />
        }
        label={T.announceReduction}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="reduction-preview">
        {state.announce_reduction
          ? preview
            ? T.reductionPreview(formatEuro(preview.reference_cents), preview.percent_off)
            : T.noReductionPreview
          : T.announceHint}
      </Typography>
    </Box>
  );
}

/**
 * The safety information of a physical product (Reg. (EU) 2023/988, GPSR, art. 19): manufacturer,
 * the EU responsible person when the manufacturer is outside the EU, identifier, warnings.
 */
export function ProductSafetyFields({
  state,
  set,
  errors,
  disabled,
}: {
  state: ProductFormState;
  set: SetField;
  errors: ProductFormErrors;
  disabled: boolean;
}) {
  const text = (key: keyof ProductFormState, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={state[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      disabled={disabled}
      fullWidth
      {...extra}
    />
  );
  const twoColumns = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  } as const;
  return (
    <Box
      component="fieldset"
      data-testid="product-safety-fields"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, display: 'grid', gap: 2 }}
    >
      <Box component="legend" sx={{ px: 1, fontWeight: 700 }}>
        {T.safetyTitle}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', mt: -1 }}>
        {T.safetyHint}
      </Typography>
      {text('manufacturer_name', T.manufacturerName, { required: true })}
      <Box sx={twoColumns}>
        {text('manufacturer_address', T.manufacturerAddress, { required: true })}
        {text('manufacturer_contact', T.manufacturerContact, { required: true })}
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={state.manufacturer_in_eu}
            onChange={(e) => set('manufacturer_in_eu', e.target.checked)}
            disabled={disabled}
          />
        }
        label={T.manufacturerInEu}
      />
      {!state.manufacturer_in_eu && (
        <>
          {text('responsible_person_name', T.responsibleName, { required: true })}
          <Box sx={twoColumns}>
            {text('responsible_person_address', T.responsibleAddress, { required: true })}
            {text('responsible_person_contact', T.responsibleContact, { required: true })}
          </Box>
        </>
      )}
      {text('product_identifier', T.productIdentifier)}
      {text('warnings', T.warnings, { required: true, multiline: true, minRows: 2 })}
    </Box>
  );
}
