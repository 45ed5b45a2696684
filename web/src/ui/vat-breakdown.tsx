import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LEGAL_MSG } from '../../../shared/messages/legal';
import { formatEuro } from '../../../shared/money';
import type { VatBreakdownLine } from '../../../shared/vat';

/**
 * An order's VAT breakdown (shared/vat.ts vatBreakdown, stored with the order at checkout): per
 * rate, the taxable amount (imponibile), the VAT (imposta) and what was paid at that rate, VAT
 * included. The customer's order card and the back office's order detail both show it.
 */
export function VatBreakdown({ lines }: { lines: readonly VatBreakdownLine[] }) {
  if (lines.length === 0) return null;
  const cell = { fontVariantNumeric: 'tabular-nums', textAlign: 'right', px: 1, py: 0.4 } as const;
  const head = { ...cell, color: 'text.secondary', fontWeight: 600, fontSize: '0.8rem' } as const;
  return (
    <Box data-testid="vat-breakdown" sx={{ mt: 1 }}>
      <Typography variant="overline" component="h4" sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
        {LEGAL_MSG.vatBreakdownTitle}
      </Typography>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem' }}>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...head, textAlign: 'left', pl: 0 }}>
              {LEGAL_MSG.vatRateColumn}
            </Box>
            <Box component="th" scope="col" sx={head}>
              {LEGAL_MSG.taxable}
            </Box>
            <Box component="th" scope="col" sx={head}>
              {LEGAL_MSG.vat}
            </Box>
            <Box component="th" scope="col" sx={{ ...head, pr: 0 }}>
              {LEGAL_MSG.totalVatIncluded}
            </Box>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.rate} data-testid="vat-breakdown-row" data-rate={l.rate}>
              <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', pl: 0, fontWeight: 600 }}>
                {LEGAL_MSG.vatRateLabel(l.rate)}
              </Box>
              <Box component="td" sx={cell}>
                {formatEuro(l.taxable_cents)}
              </Box>
              <Box component="td" sx={cell}>
                {formatEuro(l.vat_cents)}
              </Box>
              <Box component="td" sx={{ ...cell, pr: 0 }}>
                {formatEuro(l.gross_cents)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
