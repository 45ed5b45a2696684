import { PendingSection } from '../ui/pending-section';

/** /admin/suppliers (being built). */
export default function SuppliersScreen() {
  return <PendingSection slug="suppliers" />;
}
