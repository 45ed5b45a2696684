import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { LoadingBlock } from '../auth/session';
import { ShopEmptyState } from '../shop/shop-states';
import { SHOP_TEXT } from '../shop/texts';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { OrderCard } from './order-card';
import { sortOrdersNewestFirst } from './order-view';
import { useOrders } from './use-orders';

/**
 * The profile's Ordini tab ('I Miei Ordini', spec 2): the signed-in user's orders newest first.
 * Empty: 'Non hai ancora effettuato ordini.'; load failure: toast 'Impossibile caricare gli ordini.'.
 */
export function OrdersTab() {
  const { data, error, isLoading, mutate } = useOrders();
  useLoadErrorToast(error && !data ? error : null, SHOP_TEXT.ordersLoadError);

  let body;
  if (!data && isLoading) {
    body = <LoadingBlock />;
  } else if (!data) {
    body = <ShopEmptyState testId="orders-error" icon={<ErrorOutline />} title={SHOP_TEXT.ordersLoadError} action={{ label: 'Riprova', onClick: () => void mutate() }} />;
  } else if (data.items.length === 0) {
    body = <ShopEmptyState testId="orders-empty" icon={<ReceiptLongOutlined />} title={SHOP_TEXT.ordersEmpty} action={{ label: SHOP_TEXT.startShopping, to: '/products' }} />;
  } else {
    body = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {sortOrdersNewestFirst(data.items).map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" data-testid="orders-tab" aria-labelledby="orders-title">
      <Typography id="orders-title" variant="h4" component="h2" sx={{ mb: 3 }}>
        {SHOP_TEXT.ordersTitle}
      </Typography>
      {body}
    </Box>
  );
}
