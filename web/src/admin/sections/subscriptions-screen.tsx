import { PendingSection } from '../ui/pending-section';

/** /admin/subscriptions (being built). */
export default function SubscriptionsScreen() {
  return <PendingSection slug="subscriptions" />;
}
