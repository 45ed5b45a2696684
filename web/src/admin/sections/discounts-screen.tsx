import { PendingSection } from '../ui/pending-section';

/** /admin/discounts (being built). */
export default function DiscountsScreen() {
  return <PendingSection slug="discounts" />;
}
