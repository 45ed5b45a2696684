import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { MSG } from '../../../shared/messages';
import { ApiError, callApi } from '../api/client';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { useToast } from '../ui/toast';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { ACCOUNT_API, type MeDto } from '../../../shared/api/account';
import { BILLING_FIELDS, BILLING_LABELS, billingOf, type BillingDto } from '../../../shared/billing';
import { useMe } from '../api/use-account';
import { TabEmptyState, TabSection } from './tab-section';

type BillingField = keyof BillingDto;
type BillingForm = Record<BillingField, string>;

const FIELDS: readonly BillingField[] = BILLING_FIELDS;

function toForm(b: BillingDto | undefined): BillingForm {
  return Object.fromEntries(FIELDS.map((f) => [f, b?.[f] ?? ''])) as BillingForm;
}

/** 'Fatturazione' tab: billing address, VAT number and tax id, editable and saved together. */
export function BillingTab() {
  const { data, error, isLoading, mutate } = useMe();
  const { toast } = useToast();
  const [form, setForm] = useState<BillingForm>(() => toForm(data?.billing));
  const [fieldError, setFieldError] = useState<{ field: BillingField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(Boolean(data));
  useLoadErrorToast(error, PROFILE_TEXT.loadBilling);

  // Fill the form once the profile arrives (later revalidations keep what the user typed).
  useEffect(() => {
    if (data && !loaded) {
      setForm(toForm(data.billing));
      setLoaded(true);
    }
  }, [data, loaded]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(null);
    const body = billingOf(Object.fromEntries(FIELDS.map((f) => [f, form[f].trim() || null])));
    callApi(ACCOUNT_API.billing, { body })
      .then(async (billing) => {
        setForm(toForm(billing));
        await mutate((me: MeDto | undefined) => (me ? { ...me, billing } : me), { revalidate: false });
        toast({ title: PROFILE_TEXT.successTitle, description: PROFILE_TEXT.billingOk });
      })
      .catch((err: unknown) => {
        const field = err instanceof ApiError ? (FIELDS as string[]).find((f) => f === err.field) : undefined;
        if (field && err instanceof ApiError) setFieldError({ field: field as BillingField, message: err.message });
        toast({
          variant: 'destructive',
          title: MSG.errorTitle,
          description: err instanceof Error ? err.message : String(err),
        });
      })
      .finally(() => setBusy(false));
  };

  const field = (
    name: BillingField,
    props: { multiline?: boolean; maxLength: number; autoComplete?: string; upper?: boolean; helper?: string },
  ) => (
    <TextField
      fullWidth
      name={name}
      label={BILLING_LABELS[name]}
      value={form[name]}
      multiline={props.multiline}
      minRows={props.multiline ? 3 : undefined}
      autoComplete={props.autoComplete}
      error={fieldError?.field === name}
      helperText={fieldError?.field === name ? fieldError.message : props.helper}
      disabled={busy}
      onChange={(ev) => setForm((f) => ({ ...f, [name]: ev.target.value }))}
      slotProps={{
        htmlInput: {
          maxLength: props.maxLength,
          'data-testid': `billing-${name}`,
          style: props.upper ? { textTransform: 'uppercase' } : undefined,
        },
      }}
    />
  );

  return (
    <TabSection
      title={PROFILE_TEXT.billingHeading}
      description="Questi dati compariranno sulle ricevute dei tuoi prossimi ordini. Per un'azienda: ragione sociale, partita IVA e codice destinatario SDI o PEC."
      testId="billing-tab"
    >
      {isLoading && <Skeleton variant="rounded" height={260} />}
      {error && !data && (
        <TabEmptyState
          icon={<ReceiptLongOutlined />}
          message={PROFILE_TEXT.loadBilling}
          action={
            <Button variant="outlined" onClick={() => void mutate()}>
              Riprova
            </Button>
          }
        />
      )}
      {data && (
        <form onSubmit={submit} data-testid="billing-form">
          <Grid container spacing={2.5} sx={{ maxWidth: 720 }}>
            <Grid size={12}>{field('company_name', { maxLength: 200, autoComplete: 'organization' })}</Grid>
            <Grid size={12}>
              {field('billing_address', { multiline: true, maxLength: 300, autoComplete: 'street-address' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('vat_number', { maxLength: 13, upper: true, helper: '11 cifre' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('tax_id', { maxLength: 16, upper: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('sdi_code', { maxLength: 7, upper: true, helper: '7 caratteri' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('pec', { maxLength: 200, autoComplete: 'email' })}</Grid>
          </Grid>
          <Stack direction="row" sx={{ mt: 3 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {busy ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
            </Button>
          </Stack>
        </form>
      )}
    </TabSection>
  );
}
