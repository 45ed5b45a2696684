import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { MSG } from '../../../shared/messages';

/**
 * The end of a paged list: 'Carica altri' while the server has more (busy while a page loads).
 * With `auto`, the next page also loads by itself when the button scrolls into view (infinite
 * scroll), and right away when the last page came back with nothing to show (a filtered page can
 * be empty and still have a next one). Renders nothing at the end of the list.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  auto = false,
  testId = 'load-more',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  auto?: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const node = ref.current;
    if (!auto || !hasMore || loading || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto, hasMore, loading]);

  if (!hasMore) return null;
  return (
    <Box ref={ref} sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
      <Button
        variant="outlined"
        onClick={onLoadMore}
        disabled={loading}
        data-testid={testId}
        startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ minWidth: 180 }}
      >
        {loading ? MSG.loading : MSG.loadMore}
      </Button>
    </Box>
  );
}
