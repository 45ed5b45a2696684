import Button from '@mui/material/Button';
import { MSG } from '../../../../shared/messages';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import type { CursorList } from './use-admin-list';

/** 'Carica altri' under a server-paged list (nothing when it has no further page). */
export function LoadMore({ list }: { list: Pick<CursorList<unknown>, 'hasMore' | 'isLoadingMore' | 'loadMore'> }) {
  if (!list.hasMore) return null;
  return (
    <Button onClick={list.loadMore} disabled={list.isLoadingMore} data-testid="admin-load-more">
      {list.isLoadingMore ? MSG.loading : ADMIN_MSG.loadMore}
    </Button>
  );
}
