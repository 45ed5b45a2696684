import { PendingSection } from '../ui/pending-section';

/** /admin/inventory-alerts (being built). */
export default function InventoryAlertsScreen() {
  return <PendingSection slug="inventory-alerts" />;
}
