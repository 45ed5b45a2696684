import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { shortOrderId } from '../ui/order-display';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { useCheckoutOutcome } from './use-checkout-outcome';
import { OutcomePanel } from '../ui/outcome-panel';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * /checkout/success (the checkout outcome): 'Grazie per il tuo ordine!' with links to the
 * profile and the products. The server empties the cart when the payment completes, so the page
 * only refetches the cart (header badge) and polls the session to show the order number.
 */
export function CheckoutSuccessPage() {
  useDocumentTitle('Ordine completato');
  const [params] = useSearchParams();
  const { state, orderId } = useCheckoutOutcome(params.get('session_id'));

  return (
    <OutcomePanel
      testId="checkout-success"
      icon={<CheckCircleOutlined />}
      title={SHOP_TEXT.successTitle}
      actions={
        <>
          <Button component={RouterLink} to="/profile" variant="contained" size="large">
            {SHOP_TEXT.goToOrders}
          </Button>
          <Button component={RouterLink} to="/products" variant="outlined" size="large">
            {SHOP_TEXT.continueShopping}
          </Button>
        </>
      }
    >
      {state === 'pending' ? (
        <Box
          role="status"
          data-testid="checkout-confirming"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 1 }}
        >
          <CircularProgress size={20} />
          <Typography>{SHOP_TEXT.successConfirming}</Typography>
        </Box>
      ) : state === 'timeout' ? (
        <Typography data-testid="checkout-slow">{SHOP_TEXT.successSlow}</Typography>
      ) : (
        <>
          <Typography>{SHOP_TEXT.successConfirmed}</Typography>
          {state === 'complete' && orderId && (
            <Box
              data-testid="checkout-order"
              sx={{
                my: 2.5,
                mx: 'auto',
                px: 3,
                py: 1.5,
                display: 'inline-flex',
                flexDirection: 'column',
                alignItems: 'center',
                border: 1,
                borderColor: 'primary.main',
                borderRadius: 2,
                bgcolor: 'rgba(212,175,55,0.08)',
              }}
            >
              <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
                {SHOP_TEXT.successOrderNumber}
              </Typography>
              <Typography
                data-testid="checkout-order-id"
                sx={{
                  color: 'primary.main',
                  fontWeight: 800,
                  fontSize: '1.35rem',
                  letterSpacing: '0.08em',
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                }}
              >
                #{shortOrderId(orderId)}
              </Typography>
            </Box>
          )}
          <Typography>{SHOP_TEXT.successEmail}</Typography>
        </>
      )}
    </OutcomePanel>
  );
}
