import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { ProductDto } from '../../../shared/api/catalog';
import { stockState } from '../../../shared/stock';
import { Notice } from '../ui/notice';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/** Stock notice of the product page: sold out, low stock ('Solo {n} disponibili') or digital; nothing otherwise. */
export function ProductStockNotice({ product }: { product: ProductDto }) {
  const state = stockState(product);
  if (state === 'sold_out') {
    return (
      <Notice tone="error" icon={<ErrorOutline />} title={CATALOG_TEXT.soldOutNoticeTitle} testId="stock-notice">
        {CATALOG_TEXT.soldOutNoticeBody}
      </Notice>
    );
  }
  if (state === 'low_stock') {
    return (
      <Notice tone="warning" icon={<Inventory2Outlined />} testId="stock-notice">
        {CATALOG_TEXT.onlyLeft(product.quantity)}
      </Notice>
    );
  }
  if (state === 'digital') {
    return (
      <Notice tone="primary" icon={<CloudDownloadOutlined />} testId="stock-notice">
        {CATALOG_TEXT.digitalNotice}
      </Notice>
    );
  }
  return null;
}
