import { PendingSection } from '../ui/pending-section';

/** /admin/users (being built). */
export default function UsersScreen() {
  return <PendingSection slug="users" />;
}
