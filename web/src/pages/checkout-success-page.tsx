import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { MSG } from '../../../shared/messages';
import { OutcomePanel } from '../ui/outcome-panel';
import { useDocumentTitle } from '../ui/use-document-title';

/** /checkout/success: thanks for the order, links to the profile and the products. */
export function CheckoutSuccessPage() {
  useDocumentTitle('Ordine completato');
  return (
    <OutcomePanel
      testId="checkout-success"
      icon={<CheckCircleOutlined />}
      title={MSG.checkoutSuccess}
      actions={
        <>
          <Button component={RouterLink} to="/profile" variant="contained" size="large">
            Vai ai miei ordini
          </Button>
          <Button component={RouterLink} to="/products" variant="outlined" size="large">
            Continua lo Shopping
          </Button>
        </>
      }
    >
      <Typography>Il pagamento è andato a buon fine e il tuo ordine è in elaborazione.</Typography>
      <Typography>Riceverai una email di conferma e potrai seguirne lo stato dal tuo profilo.</Typography>
    </OutcomePanel>
  );
}
