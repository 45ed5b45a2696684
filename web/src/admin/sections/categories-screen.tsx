import { PendingSection } from '../ui/pending-section';

/** /admin/categories (being built). */
export default function CategoriesScreen() {
  return <PendingSection slug="categories" />;
}
