import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { MSG } from '../../../shared/messages';
import { OutcomePanel } from '../ui/outcome-panel';
import { useDocumentTitle } from '../ui/use-document-title';

/** /checkout/cancel: payment cancelled, the items are still in the cart. */
export function CheckoutCancelPage() {
  useDocumentTitle(MSG.checkoutCancel);
  return (
    <OutcomePanel
      testId="checkout-cancel"
      icon={<HighlightOff />}
      title={MSG.checkoutCancel}
      actions={
        <>
          <Button component={RouterLink} to="/cart" variant="contained" size="large">
            Torna al Carrello
          </Button>
          <Button component={RouterLink} to="/products" variant="outlined" size="large">
            Continua lo Shopping
          </Button>
        </>
      }
    >
      <Typography>Il pagamento è stato annullato e non ti è stato addebitato nulla.</Typography>
      <Typography>I tuoi articoli sono ancora nel carrello: puoi completare l&apos;ordine quando vuoi.</Typography>
    </OutcomePanel>
  );
}
