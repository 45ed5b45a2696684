import { PendingSection } from '../ui/pending-section';

/** /admin/shipping (being built). */
export default function ShippingScreen() {
  return <PendingSection slug="shipping" />;
}
