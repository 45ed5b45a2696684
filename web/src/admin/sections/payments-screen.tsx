/**
 * /admin/payments (the payment settings rule): the Stripe publishable key
 * (required), the secret key and the webhook signing secret (write-only: empty keeps the stored
 * one; the screen only says whether each is set), 'Verifica' (the server calls Stripe with the
 * stored key and says whether it works), the payment methods of the checkout page
 * (../payments/payment-methods-card.tsx), and the shipping-provider key, whose save answers
 * 'Funzionalità in sviluppo'.
 */
import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { MSG } from '../../../../shared/messages';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { PAYMENTS_MSG } from '../../../../shared/messages/admin-payments';
import { PAYMENT_FIELD_LABELS, paymentSettingsSchema } from '../../../../shared/schemas/admin-payments';
import { ADMIN_API, type AdminPaymentSettingsDto, type PaymentVerifyDto } from '../../../../shared/api/admin';
import { callApi } from '../../api/client';
import { useToast } from '../../ui/toast';
import { SectionPage } from '../ui/section-page';
import { formatDateTime } from '../ui/format';
import { useFormErrors } from '../ui/use-form-errors';
import { useAdminResource } from '../ui/use-admin-list';
import { useAdminAction } from '../ui/use-admin-action';
import { PaymentMethodsCard } from '../payments/payment-methods-card';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

function SetChip({ set }: { set: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={set ? 'success' : 'default'}
      label={set ? PAYMENTS_MSG.isSet : PAYMENTS_MSG.notSet}
    />
  );
}

function StripeCard({
  settings,
  onSaved,
}: {
  settings: AdminPaymentSettingsDto;
  onSaved(s: AdminPaymentSettingsDto): void;
}) {
  const [publishable, setPublishable] = useState(settings.stripe_publishable_key ?? '');
  const [secret, setSecret] = useState('');
  const [webhook, setWebhook] = useState('');
  const { errors, clear, check, fromServer } = useFormErrors();
  const [result, setResult] = useState<PaymentVerifyDto | null>(null);
  const save = useAdminAction();
  const verifier = useAdminAction();

  useEffect(() => setPublishable(settings.stripe_publishable_key ?? ''), [settings.stripe_publishable_key]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = check(
      paymentSettingsSchema,
      { stripe_publishable_key: publishable, stripe_secret_key: secret, stripe_webhook_secret: webhook },
      PAYMENT_FIELD_LABELS,
    );
    if (!body) return;
    const saved = await save.run(() => callApi(ADMIN_API.savePaymentSettings, { body }), {
      success: PAYMENTS_MSG.saved,
      onError: fromServer,
    });
    if (saved) {
      setSecret('');
      setWebhook('');
      setResult(null);
      onSaved(saved);
    }
  };

  const verify = async () => {
    const outcome = await verifier.run(() => callApi(ADMIN_API.verifyPaymentSettings, { body: {} }), {
      kind: 'action',
      success: null,
    });
    if (outcome) setResult(outcome);
  };

  const secretField = (
    label: string,
    value: string,
    set: (v: string) => void,
    field: string,
    isSet: boolean,
    placeholder: string,
  ) => (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75 }}>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <SetChip set={isSet} />
      </Box>
      <TextField
        fullWidth
        type="password"
        autoComplete="new-password"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          set(e.target.value);
          clear(field);
        }}
        error={Boolean(errors[field])}
        helperText={errors[field] ?? PAYMENTS_MSG.keepHint}
        slotProps={{
          htmlInput: { 'aria-label': label, 'data-testid': `payments-${field}`, spellCheck: false, style: mono },
        }}
      />
    </Box>
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={(e) => void submit(e)}
      noValidate
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, display: 'grid', gap: 2.5 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h2" variant="h6">
          {PAYMENTS_MSG.stripeTitle}
        </Typography>
        {settings.updated_at && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {PAYMENTS_MSG.lastUpdate(formatDateTime(settings.updated_at))}
          </Typography>
        )}
      </Box>
      <TextField
        label={PAYMENTS_MSG.publishableKey}
        required
        value={publishable}
        onChange={(e) => {
          setPublishable(e.target.value);
          clear('stripe_publishable_key');
        }}
        error={Boolean(errors.stripe_publishable_key)}
        helperText={errors.stripe_publishable_key ?? PAYMENTS_MSG.requiredHint}
        slotProps={{ htmlInput: { 'data-testid': 'payments-publishable', spellCheck: false, style: mono } }}
      />
      {secretField(PAYMENTS_MSG.secretKey, secret, setSecret, 'stripe_secret_key', settings.has_secret_key, 'sk_…')}
      {secretField(
        PAYMENTS_MSG.webhookSecret,
        webhook,
        setWebhook,
        'stripe_webhook_secret',
        settings.has_webhook_secret,
        'whsec_…',
      )}
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          data-testid="payments-verify-result"
          onClose={() => setResult(null)}
        >
          {result.message}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<VerifiedOutlined />}
          onClick={() => void verify()}
          disabled={verifier.busy || save.busy}
          data-testid="payments-verify"
        >
          {verifier.busy ? PAYMENTS_MSG.verifying : PAYMENTS_MSG.verify}
        </Button>
        <Button type="submit" variant="contained" disabled={save.busy}>
          {save.busy ? ADMIN_MSG.saving : ADMIN_MSG.save}
        </Button>
      </Box>
    </Paper>
  );
}

function ShippingProviderCard() {
  const { toast } = useToast();
  const [key, setKey] = useState('');
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        toast({ title: MSG.inDevelopment });
      }}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, display: 'grid', gap: 2 }}
    >
      <Typography component="h2" variant="h6">
        {PAYMENTS_MSG.shippingProviderTitle}
      </Typography>
      <TextField
        type="password"
        autoComplete="off"
        label={PAYMENTS_MSG.shippingProviderKey}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        helperText={PAYMENTS_MSG.shippingProviderHint}
        slotProps={{ htmlInput: { 'data-testid': 'payments-shipping-key' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained">
          {ADMIN_MSG.save}
        </Button>
      </Box>
    </Paper>
  );
}

/** Default export: the lazily loaded screen of the 'payments' section. */
export default function PaymentsScreen() {
  const settings = useAdminResource(ADMIN_API.paymentSettings, {}, ADMIN_MSG.load.paymentSettings);
  return (
    <SectionPage title={PAYMENTS_MSG.title} description={PAYMENTS_MSG.description}>
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
        {settings.data ? (
          <>
            <StripeCard settings={settings.data} onSaved={(s) => void settings.mutate(s, { revalidate: false })} />
            <PaymentMethodsCard
              settings={settings.data}
              onSaved={(s) => void settings.mutate(s, { revalidate: false })}
            />
          </>
        ) : (
          <Skeleton variant="rounded" height={420} />
        )}
        <ShippingProviderCard />
      </Box>
    </SectionPage>
  );
}
