import { PendingSection } from '../ui/pending-section';

/** /admin/products (being built). */
export default function ProductsScreen() {
  return <PendingSection slug="products" />;
}
