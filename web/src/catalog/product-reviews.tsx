import { Link as RouterLink } from 'react-router-dom';
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PushPin from '@mui/icons-material/PushPin';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { REVIEW_MSG } from '../../../shared/messages/reviews';
import type { PublicCommentDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { useProductComments } from '../api/paged-hooks';
import { useSession } from '../session/session';
import { formatItalianDate } from './product-view';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { LoadMore } from '../ui/load-more';

/** The review form (text field and its MUI stack): loaded only for signed-in shoppers, never in a visitor's first load. */
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

/**
 * 'Recensioni': approved comments in server order (pinned first, then newest), a page at a time
 * ('Carica altri'), anonymous authors, admin replies and the 'Acquisto verificato' mark; signed-in
 * shoppers get the review form, visitors a link to /login to leave one.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useProductComments(productId);
  const { status } = useSession();
  useLoadErrorToast(reviews.error, MSG.loadComments);
  const comments = reviews.items;
  const isLoading = reviews.isLoading;

  return (
    <Box component="section" data-testid="product-reviews" aria-labelledby="reviews-title">
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}
      >
        <Typography id="reviews-title" variant="h3" component="h2">
          {CATALOG_TEXT.reviews}
        </Typography>
        {status === 'signed-out' && (
          <Button component={RouterLink} to="/login" variant="outlined" startIcon={<RateReviewOutlined />}>
            {CATALOG_TEXT.signInToReview}
          </Button>
        )}
      </Box>
      {status === 'signed-in' && (
        <Suspense fallback={null}>
          <ReviewForm productId={productId} />
        </Suspense>
      )}
      {isLoading ? (
        <Typography sx={{ color: 'text.secondary' }}>{MSG.loading}</Typography>
      ) : comments.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{CATALOG_TEXT.noReviews}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {comments.map((c) => (
            <ReviewItem key={c.id} comment={c} />
          ))}
          <LoadMore
            hasMore={reviews.hasMore}
            loading={reviews.isLoadingMore}
            onLoadMore={reviews.loadMore}
            testId="reviews-load-more"
          />
        </Box>
      )}
    </Box>
  );
}

function ReviewItem({ comment }: { comment: PublicCommentDto }) {
  return (
    <Paper
      data-testid="review"
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 }, borderColor: comment.is_pinned ? 'primary.main' : 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{CATALOG_TEXT.anonymousAuthor}</Typography>
        <Typography component="time" dateTime={comment.created_at} variant="body2" sx={{ color: 'text.secondary' }}>
          {formatItalianDate(comment.created_at)}
        </Typography>
        {comment.verified_purchase && (
          <Chip
            size="small"
            icon={<VerifiedOutlined sx={{ fontSize: 16 }} />}
            label={REVIEW_MSG.verified}
            color="success"
            variant="outlined"
            data-testid="review-verified"
          />
        )}
        {comment.is_pinned && (
          <Chip
            size="small"
            icon={<PushPin sx={{ fontSize: 16 }} />}
            label={CATALOG_TEXT.pinned}
            color="primary"
            variant="outlined"
            data-testid="review-pinned"
          />
        )}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{comment.content}</Typography>
      {comment.admin_reply && (
        <Box
          data-testid="review-reply"
          sx={{
            mt: 2,
            pl: 2,
            py: 1,
            borderLeft: 3,
            borderColor: 'primary.main',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.main', mb: 0.5 }}>
            {CATALOG_TEXT.adminReply}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {comment.admin_reply}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
