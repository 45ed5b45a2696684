import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { MemberPlaceholder } from './member-placeholder';

/** /cart (signed-in users). Placeholder until the cart issue. */
export function CartPage() {
  return <MemberPlaceholder title="Carrello" icon={<ShoppingBagOutlined />} testId="cart-page" />;
}
