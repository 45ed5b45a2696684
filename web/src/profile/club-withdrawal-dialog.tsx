/**
 * The confirmation step of 'Recedi dal contratto' in Abbonamenti: the plan, the start date, the
 * amount paid, the part kept for the days enjoyed and the refund, previewed with the server's own
 * rules (shared/club-withdrawal.ts: days used / days of the first paid period x amount paid, rounded
 * down to the cent in the customer's favour). The server computes the amounts again on confirm.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { SubscriptionDto } from '../../../shared/api/account';
import { clubWithdrawalAmounts } from '../../../shared/club-withdrawal';
import { formatEuro } from '../../../shared/money';
import { CLUB_TEXT } from '../../../shared/messages/club-ui';
import { formatItalianDate } from './format-date';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontWeight: strong ? 700 : 600, whiteSpace: 'nowrap', color: strong ? 'primary.main' : 'text.primary' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

export function ClubWithdrawalDialog({
  open,
  subscription: sub,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  subscription: SubscriptionDto;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const amounts = clubWithdrawalAmounts(
    {
      started_at: sub.started_at,
      first_period_end: sub.current_period_end ?? sub.ends_at,
      paid_cents: sub.first_payment_cents ?? 0,
    },
    new Date(),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="club-withdrawal-title"
      data-testid="club-withdrawal-dialog"
      slotProps={{ paper: { sx: { borderRadius: 3, p: 1, maxWidth: 520 } } }}
    >
      <DialogTitle id="club-withdrawal-title" sx={{ fontFamily: (t) => t.typography.h5.fontFamily }}>
        {CLUB_TEXT.withdrawTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{CLUB_TEXT.withdrawIntro}</DialogContentText>
        <Row label={CLUB_TEXT.withdrawPlan} value={sub.plan_name} testId="club-withdrawal-plan" />
        <Row label={CLUB_TEXT.withdrawStart} value={formatItalianDate(sub.started_at)} testId="club-withdrawal-start" />
        {amounts && (
          <>
            <Row label={CLUB_TEXT.withdrawPaid} value={formatEuro(amounts.paid_cents)} testId="club-withdrawal-paid" />
            <Row
              label={CLUB_TEXT.withdrawKept(amounts.days_used, amounts.period_days)}
              value={formatEuro(amounts.kept_cents)}
              testId="club-withdrawal-kept"
            />
            <Divider sx={{ my: 0.5 }} />
            <Row
              label={CLUB_TEXT.withdrawRefund}
              value={formatEuro(amounts.refund_cents)}
              strong
              testId="club-withdrawal-refund"
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} color="inherit">
          {CLUB_TEXT.withdrawKeep}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          data-testid="club-withdrawal-confirm"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {CLUB_TEXT.withdrawConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
