import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ADDRESS_FIELD_LABELS } from '../../../shared/schemas';
import { ApiError } from '../api/client';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import type { AddressBody } from '../../../shared/api/account';
import {
  COUNTRIES,
  EMPTY_ADDRESS,
  isAddressField,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type AddressFormValues,
} from './address-form';

/**
 * Add/edit dialog of a shipping address. Validates with the shared schema before sending and
 * shows a server 400 message on the field it names; other failures go to `onError`.
 */
export function AddressFormDialog({
  open,
  editing,
  initial,
  onClose,
  onSave,
  onError,
}: {
  open: boolean;
  /** True when editing a saved address (title 'Modifica indirizzo'). */
  editing: boolean;
  initial: AddressFormValues | null;
  onClose(): void;
  /** Sends the body; rejects with ApiError on failure. */
  onSave(body: AddressBody): Promise<void>;
  onError(err: unknown): void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState<AddressFormValues>(initial ?? EMPTY_ADDRESS);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setValues(initial ?? EMPTY_ADDRESS);
      setErrors({});
      setBusy(false);
    }
  }, [open, initial]);

  const set = (field: AddressField, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = validateAddress(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    onSave(checked.body)
      .then(() => onClose())
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 400 && isAddressField(err.field))
          setErrors({ [err.field]: err.message });
        else onError(err);
      })
      .finally(() => setBusy(false));
  };

  const text = (
    field: Exclude<AddressField, 'is_default'>,
    opts: {
      required?: boolean;
      autoComplete?: string;
      upper?: boolean;
      maxLength?: number;
      inputMode?: 'numeric' | 'tel' | 'text';
    } = {},
  ) => (
    <TextField
      fullWidth
      name={field}
      label={ADDRESS_FIELD_LABELS[field]}
      required={opts.required}
      autoComplete={opts.autoComplete}
      value={values[field]}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? ' '}
      onChange={(ev) => set(field, opts.upper ? ev.target.value.toUpperCase() : ev.target.value)}
      slotProps={{
        htmlInput: {
          maxLength: opts.maxLength ?? 200,
          inputMode: opts.inputMode ?? 'text',
          'data-testid': `address-${field}`,
        },
      }}
    />
  );

  const italy = values.country === 'IT';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="address-dialog-title"
      slotProps={{ paper: { sx: { borderRadius: fullScreen ? 0 : 3 } } }}
    >
      <form onSubmit={submit} noValidate data-testid="address-form">
        <DialogTitle
          id="address-dialog-title"
          sx={{ fontFamily: (t) => t.typography.h5.fontFamily, fontSize: '1.5rem' }}
        >
          {editing ? PROFILE_TEXT.editAddress : PROFILE_TEXT.newAddress}
        </DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <Grid container columnSpacing={2} rowSpacing={0.5}>
            <Grid size={12}>{text('full_name', { required: true, autoComplete: 'name', maxLength: 100 })}</Grid>
            <Grid size={12}>{text('line1', { required: true, autoComplete: 'address-line1' })}</Grid>
            <Grid size={12}>{text('line2', { autoComplete: 'address-line2' })}</Grid>
            <Grid size={{ xs: 5, sm: 3 }}>
              {text('postal_code', {
                required: true,
                autoComplete: 'postal-code',
                maxLength: 10,
                inputMode: italy ? 'numeric' : 'text',
              })}
            </Grid>
            <Grid size={{ xs: 7, sm: 6 }}>
              {text('city', { required: true, autoComplete: 'address-level2', maxLength: 100 })}
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              {text('province', {
                required: italy,
                autoComplete: 'address-level1',
                upper: italy,
                maxLength: italy ? 2 : 40,
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                name="country"
                label={ADDRESS_FIELD_LABELS.country}
                value={values.country}
                error={Boolean(errors.country)}
                helperText={errors.country ?? ' '}
                onChange={(ev) => set('country', ev.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'address-country' } }}
              >
                {COUNTRIES.map((c) => (
                  <MenuItem key={c.code} value={c.code}>
                    {c.name}
                  </MenuItem>
                ))}
                {!COUNTRIES.some((c) => c.code === values.country) && (
                  <MenuItem value={values.country}>{values.country}</MenuItem>
                )}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('phone', { autoComplete: 'tel', maxLength: 20, inputMode: 'tel' })}
            </Grid>
            <Grid size={12}>
              <FormControlLabel
                control={
                  <Checkbox checked={values.is_default} onChange={(ev) => set('is_default', ev.target.checked)} />
                }
                label={PROFILE_TEXT.makeDefault}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {PROFILE_TEXT.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {busy ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
