import { PendingSection } from '../ui/pending-section';

/** /admin/orders (being built). */
export default function OrdersScreen() {
  return <PendingSection slug="orders" />;
}
