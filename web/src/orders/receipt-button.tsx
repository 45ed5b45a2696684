import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { ACCOUNT_API } from '../../../shared/api/account';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { DownloadButton } from '../ui/download-button';
import { shortOrderId } from '../ui/order-display';
import type { OrderDto } from './order-view';

/**
 * 'Scarica ricevuta': downloads the order's receipt PDF (GET /api/me/orders/{id}/receipt) with the
 * seller, the lines, discounts, shipping, the VAT per rate and the billing data taken at checkout.
 */
export function ReceiptButton({ order }: { order: OrderDto }) {
  return (
    <DownloadButton
      route={ACCOUNT_API.receipt}
      params={{ id: order.id }}
      fileName={`ricevuta-${shortOrderId(order.id)}.pdf`}
      icon={<ReceiptLongOutlined />}
      label={SHOP_TEXT.receipt}
      testId="order-receipt"
      size="small"
    />
  );
}
