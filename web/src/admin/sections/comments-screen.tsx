import { PendingSection } from '../ui/pending-section';

/** /admin/comments (being built). */
export default function CommentsScreen() {
  return <PendingSection slug="comments" />;
}
