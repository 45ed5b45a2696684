import { PendingSection } from '../ui/pending-section';

/** /admin/bundles (being built). */
export default function BundlesScreen() {
  return <PendingSection slug="bundles" />;
}
