import Button from '@mui/material/Button';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { MSG } from '../../../../shared/messages';
import type { CursorList } from './use-admin-list';

/** The 'Carica altri' footer of a cursor-paged list (nothing when there is no next page). */
export function LoadMoreFooter({ list }: { list: Pick<CursorList<unknown>, 'hasMore' | 'isLoadingMore' | 'loadMore'> }) {
  if (!list.hasMore) return null;
  return <Button onClick={list.loadMore} disabled={list.isLoadingMore}>{list.isLoadingMore ? MSG.loading : ADMIN_MSG.loadMore}</Button>;
}
