import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Send from '@mui/icons-material/Send';
import { REVIEWS_API } from '../../../shared/api/reviews';
import { MSG } from '../../../shared/messages';
import { REVIEW_MSG } from '../../../shared/messages/reviews';
import { REVIEW_MAX_LENGTH, isBlankReview } from '../../../shared/reviews';
import { ApiError, callApi } from '../api/client';
import { useToast } from '../ui/toast';

/**
 * A signed-in shopper's review ("empty or whitespace-only text is silently ignored"): on success
 * the spec's toast 'Il tuo commento è stato inviato e sarà visibile dopo l'approvazione.' and the
 * field empties; the hourly limit and other refusals show the server's Italian message.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || isBlankReview(content)) return;
    setBusy(true);
    try {
      const result = await callApi(REVIEWS_API.postReview, { params: { id: productId }, body: { content } });
      if (result.submitted) {
        toast({ title: REVIEW_MSG.sentTitle, description: REVIEW_MSG.sent });
        setContent('');
      }
    } catch (error) {
      const title = error instanceof ApiError && error.title ? error.title : MSG.errorTitle;
      const description =
        error instanceof ApiError && error.status === 429
          ? error.message
          : `${REVIEW_MSG.sendFailed} ${error instanceof Error ? error.message : ''}`.trim();
      toast({ variant: 'destructive', title, description });
    } finally {
      setBusy(false);
    }
  };
  const tooLong = content.trim().length > REVIEW_MAX_LENGTH;
  return (
    <Paper
      component="form"
      onSubmit={submit}
      noValidate
      variant="outlined"
      data-testid="review-form"
      sx={{ p: { xs: 2, md: 2.5 }, mb: 3 }}
    >
      <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
        {REVIEW_MSG.formTitle}
      </Typography>
      <TextField
        label={REVIEW_MSG.label}
        placeholder={REVIEW_MSG.placeholder}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        disabled={busy}
        error={tooLong}
        helperText={tooLong ? REVIEW_MSG.tooLong : REVIEW_MSG.moderationNote}
        slotProps={{ htmlInput: { maxLength: REVIEW_MAX_LENGTH + 200 } }}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mt: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="caption" sx={{ color: tooLong ? 'error.main' : 'text.secondary' }}>
          {REVIEW_MSG.counter(content.trim().length)}
        </Typography>
        <Button type="submit" variant="contained" endIcon={<Send />} disabled={busy || tooLong}>
          {busy ? REVIEW_MSG.submitting : REVIEW_MSG.submit}
        </Button>
      </Box>
    </Paper>
  );
}
