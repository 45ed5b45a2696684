import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES_API, type ContactMessageDto, type SuppressionDto } from '../../../../shared/api/admin-messages';
import { contactTopicLabel } from '../../../../shared/contact';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { ADMIN_MESSAGES_MSG as T } from '../../../../shared/messages/admin-messages';
import { can } from '../../../../shared/permissions';
import { callApi } from '../../api/client';
import { useSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { FormDialog } from '../ui/form-dialog';
import { formatDateTime } from '../ui/format';
import { HiddenHeader } from '../ui/row-actions';
import { LoadMore } from '../ui/load-more';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useCursorList } from '../ui/use-admin-list';

/** The state chip of a message: 'Nuovo' in gold, 'Risposto' in green. */
function StateChip({ state }: { state: ContactMessageDto['state'] }) {
  return (
    <Chip
      size="small"
      label={T.stateLabel[state]}
      color={state === 'nuovo' ? 'primary' : 'success'}
      variant={state === 'nuovo' ? 'filled' : 'outlined'}
      data-testid="message-state"
    />
  );
}

/** A message in full, with 'Segna come risposto' while it is new. */
function MessageDialog({
  message,
  busy,
  onClose,
  onAnswered,
}: {
  message: ContactMessageDto;
  busy: boolean;
  onClose(): void;
  onAnswered(): void;
}) {
  return (
    <FormDialog
      open
      title={`${message.first_name} ${message.last_name}`}
      busy={busy}
      onClose={onClose}
      onSubmit={onAnswered}
      submitLabel={T.markAnswered}
      submitDisabled={message.state !== 'nuovo'}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <StateChip state={message.state} />
        <Link href={`mailto:${message.email}`} underline="hover" sx={{ overflowWrap: 'anywhere' }}>
          {message.email}
        </Link>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {contactTopicLabel(message.topic) ?? T.noTopic} · {formatDateTime(message.created_at)}
      </Typography>
      <Typography
        variant="body1"
        data-testid="message-text"
        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}
      >
        {message.message}
      </Typography>
      {message.answered_at && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {T.answeredAt(formatDateTime(message.answered_at))}
        </Typography>
      )}
    </FormDialog>
  );
}

/** Tab 'Messaggi': the contact form's messages, newest first; a row opens the message. */
function ContactMessagesTab() {
  const list = useCursorList<ContactMessageDto>(ADMIN_MESSAGES_API.contactMessages, {}, T.loadMessagesFailed);
  const [open, setOpen] = useState<ContactMessageDto | null>(null);
  const { run, busy } = useAdminAction();

  const answer = (m: ContactMessageDto) =>
    void run(() => callApi(ADMIN_MESSAGES_API.answerContactMessage, { params: { id: m.id } }), {
      kind: 'update',
      success: T.markedAnswered,
    }).then(async (r) => {
      if (!r) return;
      setOpen(null);
      await list.reload();
    });

  const columns: Column<ContactMessageDto>[] = [
    {
      key: 'sender',
      header: T.sender,
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {m.first_name} {m.last_name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {m.email}
          </Typography>
          <Typography
            variant="caption"
            component="div"
            sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
          >
            {formatDateTime(m.created_at)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'topic',
      header: T.topic,
      hideOnMobile: true,
      render: (m) => contactTopicLabel(m.topic) ?? T.noTopic,
    },
    {
      key: 'date',
      header: T.date,
      hideOnMobile: true,
      width: 150,
      render: (m) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(m.created_at)}
        </Box>
      ),
    },
    { key: 'state', header: T.state, width: 110, render: (m) => <StateChip state={m.state} /> },
    {
      key: 'actions',
      header: <HiddenHeader label={T.open} />,
      align: 'right',
      width: 90,
      render: (m) => (
        <Button size="small" variant="outlined" onClick={() => setOpen(m)} aria-label={`${T.open}: ${m.email}`}>
          {T.open}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={T.tabMessages}
        rows={list.items}
        columns={columns}
        rowKey={(m) => m.id}
        loading={list.isLoading}
        empty={{ title: T.emptyMessages }}
        footer={list.hasMore ? <LoadMore list={list} /> : undefined}
      />
      {open && (
        <MessageDialog message={open} busy={busy} onClose={() => setOpen(null)} onAnswered={() => answer(open)} />
      )}
    </>
  );
}

/** Tab 'Email bloccate': the suppression list, newest first; the admin may lift an address. */
function SuppressionsTab({ canLift }: { canLift: boolean }) {
  const list = useCursorList<SuppressionDto>(ADMIN_MESSAGES_API.suppressions, {}, T.loadSuppressionsFailed);
  const [lifting, setLifting] = useState<SuppressionDto | null>(null);
  const { run, busy } = useAdminAction();

  const lift = (s: SuppressionDto) =>
    void run(() => callApi(ADMIN_MESSAGES_API.liftSuppression, { params: { email: s.email } }), {
      kind: 'delete',
      success: T.lifted,
    }).then(async (r) => {
      setLifting(null);
      if (r) await list.reload();
    });

  const columns: Column<SuppressionDto>[] = [
    {
      key: 'email',
      header: T.address,
      render: (s) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {s.email}
          </Typography>
          {s.detail && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {s.detail}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'reason',
      header: T.reason,
      render: (s) => <Chip size="small" variant="outlined" label={T.reasonLabel[s.reason]} />,
    },
    {
      key: 'since',
      header: T.since,
      hideOnMobile: true,
      width: 150,
      render: (s) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(s.created_at)}
        </Box>
      ),
    },
    ...(canLift
      ? [
          {
            key: 'actions',
            header: <HiddenHeader label={T.lift} />,
            align: 'right' as const,
            width: 150,
            render: (s: SuppressionDto) => (
              <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setLifting(s)}>
                {T.lift}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DataTable
        label={T.tabSuppressions}
        rows={list.items}
        columns={columns}
        rowKey={(s) => s.email}
        loading={list.isLoading}
        empty={{ title: T.emptySuppressions }}
        footer={list.hasMore ? <LoadMore list={list} /> : undefined}
      />
      <ConfirmDialog
        open={lifting !== null}
        title={ADMIN_MSG.confirmTitle}
        body={lifting ? T.liftConfirm(lifting.email) : ''}
        confirmLabel={T.lift}
        onConfirm={() => lifting && lift(lifting)}
        onClose={() => setLifting(null)}
      />
    </>
  );
}

/**
 * /admin/messages: the contact form's messages (open one, 'Segna come risposto') and, in a second
 * tab, the suppression list ('Rimuovi blocco' for the admin only).
 */
export default function MessagesScreen() {
  const { user } = useSession();
  const [tab, setTab] = useState<'messages' | 'suppressions'>('messages');
  return (
    <SectionPage title={T.title} description={T.description}>
      <Tabs value={tab} onChange={(_e, v: 'messages' | 'suppressions') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="messages" label={T.tabMessages} />
        <Tab value="suppressions" label={T.tabSuppressions} />
      </Tabs>
      {tab === 'messages' ? (
        <ContactMessagesTab />
      ) : (
        <SuppressionsTab canLift={Boolean(user && can(user.role, 'suppressions'))} />
      )}
    </SectionPage>
  );
}
