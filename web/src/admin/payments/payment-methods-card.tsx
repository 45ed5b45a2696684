/**
 * Pagamenti's 'Metodi di pagamento': a switch per method (cards with Apple Pay and Google Pay,
 * PayPal, Satispay, Klarna), each with what Stripe's rules mean for it (the club, amounts, refund
 * period), saved with PUT /api/admin/payment-methods. Cards or PayPal must stay on (the club is paid
 * with them): the screen says so and does not send switches the server would refuse. The next
 * checkout session offers the methods saved here that fit its cart (shared/payment-methods.ts).
 */
import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { PAYMENT_METHOD_MSG } from '../../../../shared/messages/payment-methods';
import { clubPayable, SHOP_PAYMENT_METHODS, type PaymentMethodSwitches } from '../../../../shared/payment-methods';
import { ADMIN_API, type AdminPaymentSettingsDto } from '../../../../shared/api/admin';
import { callApi } from '../../api/client';
import { useAdminAction } from '../ui/use-admin-action';

export function PaymentMethodsCard({
  settings,
  onSaved,
}: {
  settings: AdminPaymentSettingsDto;
  onSaved(s: AdminPaymentSettingsDto): void;
}) {
  const [switches, setSwitches] = useState<PaymentMethodSwitches>(settings.payment_methods);
  const save = useAdminAction();
  useEffect(() => setSwitches(settings.payment_methods), [settings.payment_methods]);
  const payable = clubPayable(switches);
  const changed = SHOP_PAYMENT_METHODS.some((m) => switches[m] !== settings.payment_methods[m]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!payable) return;
    const saved = await save.run(() => callApi(ADMIN_API.savePaymentMethods, { body: switches }), {
      success: PAYMENT_METHOD_MSG.saved,
    });
    if (saved) onSaved(saved);
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="payment-methods"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography component="h2" variant="h6">
          {PAYMENT_METHOD_MSG.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {PAYMENT_METHOD_MSG.description}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {SHOP_PAYMENT_METHODS.map((m) => (
          <Box key={m} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <FormControlLabel
              sx={{ m: 0, gap: 1 }}
              control={
                <Switch
                  checked={switches[m]}
                  onChange={(e) => setSwitches((s) => ({ ...s, [m]: e.target.checked }))}
                  slotProps={{ input: { 'aria-describedby': `payment-method-hint-${m}` } }}
                  data-testid={`payment-method-${m}`}
                />
              }
              label={<Typography sx={{ fontWeight: 600 }}>{PAYMENT_METHOD_MSG.switchLabels[m]}</Typography>}
            />
            <Typography
              id={`payment-method-hint-${m}`}
              variant="body2"
              sx={{ color: 'text.secondary', pl: { xs: 0, sm: 7.5 } }}
            >
              {PAYMENT_METHOD_MSG.switchHints[m]}
            </Typography>
          </Box>
        ))}
      </Box>
      {!payable && (
        <Alert severity="warning" data-testid="payment-methods-club">
          {PAYMENT_METHOD_MSG.oneForClub}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={save.busy || !payable || !changed}>
          {save.busy ? ADMIN_MSG.saving : ADMIN_MSG.save}
        </Button>
      </Box>
    </Paper>
  );
}
