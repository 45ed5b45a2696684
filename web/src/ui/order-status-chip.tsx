import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { statusTone, type StatusTone } from './order-display';

/** Text colours of the status tones, per colour mode: at least 4.5:1 (WCAG AA) on their own 10-14 % tint over either theme's paper. */
const TONE_COLORS: Record<StatusTone, { dark: string; light: string }> = {
  yellow: { dark: '#F2C94C', light: '#735800' },
  blue: { dark: '#64B5F6', light: '#1565C0' },
  green: { dark: '#5CCB8F', light: '#256A29' },
  red: { dark: '#EF7070', light: '#B71C1C' },
  grey: { dark: '#BDBDBD', light: '#616161' },
};

/** Coloured order status: 'In elaborazione' yellow, 'Spedito' blue, 'Completato' green, 'Annullato' red. */
export function OrderStatusChip({ status }: { status: string }) {
  return <ToneChip label={status} tone={statusTone(status)} testId="order-status" />;
}

/** A small outlined chip in one of the status tones (order statuses, refund states). */
export function ToneChip({ label, tone, testId }: { label: string; tone: StatusTone; testId: string }) {
  return (
    <Chip
      label={label}
      size="small"
      data-testid={testId}
      data-tone={tone}
      sx={(t) => {
        const color = TONE_COLORS[tone][t.palette.mode];
        return {
          color,
          bgcolor: alpha(color, t.palette.mode === 'dark' ? 0.14 : 0.1),
          border: 1,
          borderColor: alpha(color, 0.5),
          fontWeight: 700,
          letterSpacing: '0.02em',
        };
      }}
    />
  );
}
