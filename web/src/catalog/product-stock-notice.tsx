import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { ProductDto } from '../../../shared/api/catalog';
import { stockState } from '../../../shared/stock';
import { CATALOG_TEXT } from './texts';

const goldAlert = { borderColor: 'primary.main', color: 'text.primary', '& .MuiAlert-icon': { color: 'primary.main' } } as const;

/** Stock notice of the product page: sold out, low stock ('Solo {n} disponibili') or digital; nothing otherwise. */
export function ProductStockNotice({ product }: { product: ProductDto }) {
  const state = stockState(product);
  if (state === 'sold_out') {
    return (
      <Alert severity="error" variant="outlined" data-testid="stock-notice">
        <AlertTitle sx={{ fontWeight: 700 }}>{CATALOG_TEXT.soldOutNoticeTitle}</AlertTitle>
        {CATALOG_TEXT.soldOutNoticeBody}
      </Alert>
    );
  }
  if (state === 'low_stock') {
    return (
      <Alert severity="warning" variant="outlined" icon={<Inventory2Outlined />} data-testid="stock-notice" sx={{ color: 'text.primary' }}>
        {CATALOG_TEXT.onlyLeft(product.quantity)}
      </Alert>
    );
  }
  if (state === 'digital') {
    return (
      <Alert severity="info" variant="outlined" icon={<CloudDownloadOutlined />} data-testid="stock-notice" sx={goldAlert}>
        {CATALOG_TEXT.digitalNotice}
      </Alert>
    );
  }
  return null;
}
