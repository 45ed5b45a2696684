import { PendingSection } from '../ui/pending-section';

/** /admin/payments (being built). */
export default function PaymentsScreen() {
  return <PendingSection slug="payments" />;
}
