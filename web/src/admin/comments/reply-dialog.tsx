import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminCommentDto } from '../../../../shared/api/admin-catalog';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { FormDialog } from '../ui/form-dialog';

const T = CATALOG_ADMIN_TEXT.comments;

/** The public reply to a comment; the send button is disabled while the text is empty. */
export function ReplyDialog({
  comment,
  busy,
  onClose,
  onSend,
}: {
  comment: AdminCommentDto;
  busy: boolean;
  onClose(): void;
  onSend(reply: string): void;
}) {
  const [reply, setReply] = useState(comment.admin_reply ?? '');
  return (
    <FormDialog
      open
      title={T.replyTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={() => onSend(reply.trim())}
      submitLabel={T.sendReply}
      submitDisabled={reply.trim() === ''}
    >
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', whiteSpace: 'pre-line', borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
      >
        {comment.content}
      </Typography>
      <TextField
        label={T.replyLabel}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        multiline
        minRows={4}
        autoFocus
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
