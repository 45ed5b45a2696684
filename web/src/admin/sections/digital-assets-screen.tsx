import { PendingSection } from '../ui/pending-section';

/** /admin/digital-assets (being built). */
export default function DigitalAssetsScreen() {
  return <PendingSection slug="digital-assets" />;
}
