import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { ACCOUNT_API } from '../../../shared/api/account';
import { MSG } from '../../../shared/messages';
import { downloadApiFile } from '../api/download';
import { SHOP_TEXT } from '../shop/texts';
import { useToast } from '../ui/toast';
import { shortOrderId, type OrderDto } from './order-view';

/**
 * 'Scarica ricevuta': downloads the order's receipt PDF (GET /api/me/orders/{id}/receipt) with the
 * seller, the lines, discounts, shipping, the VAT per rate and the billing data taken at checkout.
 */
export function ReceiptButton({ order }: { order: OrderDto }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadApiFile(ACCOUNT_API.receipt, `ricevuta-${shortOrderId(order.id)}.pdf`, { params: { id: order.id } })
      .catch((err: unknown) =>
        toast({
          variant: 'destructive',
          title: MSG.errorTitle,
          description: err instanceof Error ? err.message : String(err),
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <ReceiptLongOutlined />}
      data-testid="order-receipt"
    >
      {SHOP_TEXT.receipt}
    </Button>
  );
}
