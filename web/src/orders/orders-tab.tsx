import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { LoadingBlock } from '../session/session';
import { ShopEmptyState } from '../ui/shop-states';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { OrderCard } from './order-card';
import { sortOrdersNewestFirst } from './order-view';
import { useOrders } from '../api/use-orders';
import { LoadMore } from '../ui/load-more';

/**
 * The profile's Ordini tab ('I Miei Ordini'): the signed-in user's orders newest first,
 * ORDERS_PAGE_SIZE at a time with 'Carica altri'.
 * Empty: 'Non hai ancora effettuato ordini.'; load failure: toast 'Impossibile caricare gli ordini.'.
 */
export function OrdersTab() {
  const orders = useOrders();
  const loaded = orders.pageCount > 0;
  useLoadErrorToast(orders.error, SHOP_TEXT.ordersLoadError);

  let body;
  if (!loaded && orders.isLoading) {
    body = <LoadingBlock />;
  } else if (!loaded) {
    body = (
      <ShopEmptyState
        testId="orders-error"
        icon={<ErrorOutline />}
        title={SHOP_TEXT.ordersLoadError}
        action={{ label: 'Riprova', onClick: () => void orders.reload() }}
      />
    );
  } else if (orders.items.length === 0) {
    body = (
      <ShopEmptyState
        testId="orders-empty"
        icon={<ReceiptLongOutlined />}
        title={SHOP_TEXT.ordersEmpty}
        action={{ label: SHOP_TEXT.startShopping, to: '/products' }}
      />
    );
  } else {
    body = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {sortOrdersNewestFirst(orders.items).map((order) => (
          <OrderCard key={order.id} order={order} onChanged={() => void orders.reload()} />
        ))}
        <LoadMore
          hasMore={orders.hasMore}
          loading={orders.isLoadingMore}
          onLoadMore={orders.loadMore}
          testId="orders-load-more"
        />
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
