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
import { PROFILE_TEXT } from '../auth/texts';
import { useToast } from '../ui/toast';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { ACCOUNT_API, type BillingDto, type MeDto } from '../../../shared/api/account';
import { useMe } from './use-account';
import { TabEmptyState, TabSection } from './tab-section';

type BillingField = keyof BillingDto;
type BillingForm = Record<BillingField, string>;

const FIELDS: BillingField[] = ['billing_address', 'vat_number', 'tax_id'];

function toForm(b: BillingDto | undefined): BillingForm {
  return { billing_address: b?.billing_address ?? '', vat_number: b?.vat_number ?? '', tax_id: b?.tax_id ?? '' };
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
    const body = {
      billing_address: form.billing_address.trim() || null,
      vat_number: form.vat_number.trim() || null,
      tax_id: form.tax_id.trim() || null,
    };
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

  const field = (name: BillingField, props: { multiline?: boolean; maxLength: number; autoComplete?: string }) => (
    <TextField
      fullWidth
      name={name}
      label={PROFILE_TEXT.billingLabels[name]}
      value={form[name]}
      multiline={props.multiline}
      minRows={props.multiline ? 3 : undefined}
      autoComplete={props.autoComplete}
      error={fieldError?.field === name}
      helperText={fieldError?.field === name ? fieldError.message : undefined}
      disabled={busy}
      onChange={(ev) => setForm((f) => ({ ...f, [name]: ev.target.value }))}
      slotProps={{ htmlInput: { maxLength: props.maxLength } }}
    />
  );

  return (
    <TabSection
      title={PROFILE_TEXT.billingHeading}
      description="Questi dati compariranno sulle fatture dei tuoi ordini."
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
            <Grid size={12}>
              {field('billing_address', { multiline: true, maxLength: 300, autoComplete: 'street-address' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('vat_number', { maxLength: 20 })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('tax_id', { maxLength: 20 })}</Grid>
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
