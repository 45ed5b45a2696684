import { Link as RouterLink } from 'react-router-dom';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import {
  ADMIN_CATALOG_API,
  type AdminCommentDto,
  type CommentModerationBody,
} from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { MSG } from '../../../../shared/messages';
import { callApi } from '../../api/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { DataTable, type Column } from '../ui/data-table';
import { formatDateTime, shortUserId } from '../ui/format';
import { HiddenHeader, RowActions } from '../ui/row-actions';
import { LoadMore } from '../ui/load-more';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useCursorList } from '../ui/use-admin-list';
import { useConfirm } from '../ui/use-confirm';
import { ReplyDialog } from '../comments/reply-dialog';

const T = CATALOG_ADMIN_TEXT.comments;

/**
 * /admin/comments: every comment newest first with a pending filter, the
 * product name and the author id truncated to 13 characters; approve, pin/unpin, reply, delete.
 */
export default function CommentsScreen() {
  const [pending, setPending] = useState(false);
  const list = useCursorList<AdminCommentDto>(
    ADMIN_CATALOG_API.comments,
    { pending: pending ? 'true' : '' },
    ADMIN_MSG.load.comments,
  );
  const [replying, setReplying] = useState<AdminCommentDto | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const { toast } = useToast();
  const { run, busy } = useAdminAction();
  const confirm = useConfirm<AdminCommentDto>(
    () => T.deleteBody,
    (c) => {
      void run(() => callApi(ADMIN_CATALOG_API.deleteComment, { params: { id: c.id } }), {
        kind: 'delete',
        success: T.deleted,
      }).then((r) => r && list.reload());
    },
  );

  /** One moderation change with the spec's failure texts ('Approvazione fallita.', 'Azione fallita.', 'Invio risposta fallito.'). */
  const moderate = async (
    c: AdminCommentDto,
    body: CommentModerationBody,
    success: string,
    failure: string,
  ): Promise<boolean> => {
    setWorking(c.id);
    try {
      await callApi(ADMIN_CATALOG_API.moderateComment, { params: { id: c.id }, body });
      toast({ title: ADMIN_MSG.successTitle, description: success });
      await list.reload();
      return true;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: MSG.errorTitle,
        description: `${failure} ${(error as Error).message}`.trim(),
      });
      return false;
    } finally {
      setWorking(null);
    }
  };

  const columns: Column<AdminCommentDto>[] = [
    {
      key: 'created',
      header: T.columns.created,
      hideOnMobile: true,
      width: 140,
      render: (c) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(c.created_at)}
        </Box>
      ),
    },
    {
      key: 'product',
      header: T.columns.product,
      hideOnMobile: true,
      render: (c) =>
        c.product_name ? (
          <Link component={RouterLink} to={`/product/${c.product_id}`} underline="hover">
            {c.product_name}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.deletedProduct}
          </Typography>
        ),
    },
    {
      key: 'author',
      header: T.columns.author,
      hideOnMobile: true,
      render: (c) => (
        <Box component="code" sx={{ fontSize: '0.8rem', whiteSpace: 'nowrap' }} title={c.user_id}>
          {shortUserId(c.user_id)}
        </Box>
      ),
    },
    {
      key: 'content',
      header: T.columns.content,
      render: (c) => (
        <Box sx={{ minWidth: 200 }} data-testid="admin-comment">
          <Box sx={{ display: { xs: 'block', sm: 'none' }, mb: 0.5 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatDateTime(c.created_at)} · {c.product_name ?? T.deletedProduct} · {shortUserId(c.user_id)}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {c.content}
          </Typography>
          {c.admin_reply && (
            <Typography
              variant="body2"
              sx={{
                mt: 0.75,
                pl: 1,
                borderLeft: 2,
                borderColor: 'primary.main',
                color: 'text.secondary',
                whiteSpace: 'pre-line',
              }}
            >
              <Box component="strong" sx={{ color: 'primary.main' }}>
                {T.adminReply}
              </Box>{' '}
              {c.admin_reply}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.75 }}>
            <Chip
              size="small"
              label={c.is_approved ? T.approved : T.pending}
              color={c.is_approved ? 'success' : 'warning'}
              variant="outlined"
            />
            {c.is_pinned && (
              <Chip
                size="small"
                icon={<PushPin sx={{ fontSize: 14 }} />}
                label={T.pinned}
                color="primary"
                variant="outlined"
              />
            )}
            {c.verified_purchase && (
              <Chip
                size="small"
                icon={<VerifiedOutlined sx={{ fontSize: 14 }} />}
                label={T.verified}
                variant="outlined"
              />
            )}
          </Box>
        </Box>
      ),
    },
    {
      key: 'actions',
      header: <HiddenHeader label={T.columns.actions} />,
      align: 'right',
      width: 168,
      render: (c) => {
        const disabled = busy || working === c.id;
        return (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.25 }}>
            <Tooltip title={c.is_approved ? T.unapprove : T.approve}>
              <span>
                <IconButton
                  size="small"
                  disabled={disabled}
                  aria-label={c.is_approved ? T.unapprove : T.approve}
                  color={c.is_approved ? 'default' : 'success'}
                  onClick={() =>
                    void moderate(
                      c,
                      { is_approved: !c.is_approved },
                      c.is_approved ? T.hidden_ok : T.approved_ok,
                      T.approveFailed,
                    )
                  }
                >
                  {c.is_approved ? <HighlightOff fontSize="small" /> : <CheckCircleOutlined fontSize="small" />}
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={c.is_pinned ? T.unpin : T.pin}>
              <span>
                <IconButton
                  size="small"
                  disabled={disabled}
                  aria-label={c.is_pinned ? T.unpin : T.pin}
                  color={c.is_pinned ? 'primary' : 'default'}
                  onClick={() =>
                    void moderate(
                      c,
                      { is_pinned: !c.is_pinned },
                      c.is_pinned ? T.unpinned_ok : T.pinned_ok,
                      T.actionFailed,
                    )
                  }
                >
                  {c.is_pinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={c.admin_reply ? T.editReply : T.reply}>
              <span>
                <IconButton
                  size="small"
                  disabled={disabled}
                  aria-label={c.admin_reply ? T.editReply : T.reply}
                  onClick={() => setReplying(c)}
                >
                  <ReplyOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <RowActions name={shortUserId(c.user_id)} disabled={disabled} onDelete={() => confirm.ask(c)} />
          </Box>
        );
      },
    },
  ];

  return (
    <SectionPage
      title={T.title}
      description={T.description}
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={pending ? 'pending' : 'all'}
          onChange={(_e, v: string | null) => v && setPending(v === 'pending')}
          aria-label={T.title}
        >
          <ToggleButton value="all">{T.filterAll}</ToggleButton>
          <ToggleButton value="pending">{T.filterPending}</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <DataTable
        label={T.title}
        rows={list.items}
        columns={columns}
        rowKey={(c) => c.id}
        loading={list.isLoading}
        empty={{ title: pending ? T.emptyPendingTitle : T.emptyTitle, hint: T.emptyHint }}
        footer={list.hasMore ? <LoadMore list={list} /> : undefined}
      />
      {replying && (
        <ReplyDialog
          comment={replying}
          busy={working === replying.id}
          onClose={() => setReplying(null)}
          onSend={(reply) =>
            void moderate(replying, { admin_reply: reply }, T.replied, T.replyFailed).then(
              (ok) => ok && setReplying(null),
            )
          }
        />
      )}
      <ConfirmDialog {...confirm.props} />
    </SectionPage>
  );
}
