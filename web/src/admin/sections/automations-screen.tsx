import { PendingSection } from '../ui/pending-section';

/** /admin/automations (being built). */
export default function AutomationsScreen() {
  return <PendingSection slug="automations" />;
}
