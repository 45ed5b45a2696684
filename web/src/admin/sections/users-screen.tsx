/**
 * /admin/users (the roles and permissions rule): every user newest first, paged by the server, searched
 * by the start of the email; id truncated to 13 characters, role, registration date, ban state;
 * promote to / demote from collaborator and ban / unban, each behind the spec's confirmation
 * dialog ('Sei assolutamente sicuro?', 'Conferma' / 'Annulla'). The server refuses the principal
 * admin and the toast shows its title ('Azione non permessa').
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Block from '@mui/icons-material/Block';
import LockOpen from '@mui/icons-material/LockOpen';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { USERS_MSG } from '../../../../shared/messages/admin-users';
import { ADMIN_API, type UserRowDto } from '../../../../shared/api/admin';
import { callApi } from '../../api/client';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { SectionPage } from '../ui/section-page';
import { formatDate, shortUserId } from '../ui/format';
import { useCursorList } from '../ui/use-admin-list';
import { useAdminAction } from '../ui/use-admin-action';
import { LoadMore } from '../ui/load-more';
import { MobileDetails } from '../ui/mobile-details';
import { AdminSearchField } from '../ui/search-field';
import { NewsletterExportButton } from './newsletter-export-button';

const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';
const isBanned = (u: UserRowDto) => Boolean(u.banned_until && Date.parse(u.banned_until) > Date.now());
/** Bans without an end run 100 years: shown as plain 'Bannato'. */
const bannedLabel = (until: string) =>
  Date.parse(until) - Date.now() > 50 * 365 * 24 * 3600 * 1000
    ? USERS_MSG.bannedForever
    : USERS_MSG.bannedUntil(formatDate(until));

type Pending = { kind: 'ban' | 'unban' | 'role'; user: UserRowDto };

function RoleChip({ user }: { user: UserRowDto }) {
  return (
    <Chip
      size="small"
      label={ADMIN_MSG.roleLabel[user.role]}
      color={user.role === 'user' ? 'default' : 'primary'}
      variant={user.role === 'admin' ? 'filled' : 'outlined'}
    />
  );
}

function StateChip({ user, testId }: { user: UserRowDto; testId?: string }) {
  return isBanned(user) ? (
    <Chip size="small" color="error" variant="outlined" label={bannedLabel(user.banned_until!)} data-testid={testId} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={USERS_MSG.active} data-testid={testId} />
  );
}

/** Default export: the lazily loaded screen of the 'users' section. */
export default function UsersScreen() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useCursorList(ADMIN_API.users, { q }, ADMIN_MSG.load.users);
  const [pending, setPending] = useState<Pending | null>(null);
  const { run } = useAdminAction();

  const replace = (row: UserRowDto) =>
    void list.mutate((pages) => pages?.map((p) => ({ ...p, items: p.items.map((u) => (u.id === row.id ? row : u)) })), {
      revalidate: false,
    });

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    const params = { id: user.id };
    const saved =
      kind === 'ban'
        ? await run(() => callApi(ADMIN_API.ban, { params, body: {} }), { kind: 'action', success: USERS_MSG.banned })
        : kind === 'unban'
          ? await run(() => callApi(ADMIN_API.unban, { params, body: {} }), {
              kind: 'action',
              success: USERS_MSG.unbanned,
            })
          : await run(
              () =>
                callApi(ADMIN_API.setRole, { params, body: { role: user.role === 'user' ? 'collaborator' : 'user' } }),
              { kind: 'action', success: USERS_MSG.roleChanged },
            );
    if (saved) replace(saved);
  };

  const confirmBody = (p: Pending): string => {
    if (p.kind === 'ban') return USERS_MSG.confirmBan(p.user.email);
    if (p.kind === 'unban') return USERS_MSG.confirmUnban(p.user.email);
    const to = p.user.role === 'user' ? 'collaborator' : 'user';
    return USERS_MSG.confirmRole(p.user.email, ADMIN_MSG.roleLabel[p.user.role], ADMIN_MSG.roleLabel[to]);
  };

  const columns: Column<UserRowDto>[] = [
    {
      key: 'id',
      header: USERS_MSG.columns.id,
      hideOnMobile: true,
      render: (u) => (
        <Typography sx={{ fontFamily: mono, fontSize: '0.8rem', whiteSpace: 'nowrap' }} title={u.id}>
          {shortUserId(u.id)}
        </Typography>
      ),
    },
    {
      key: 'email',
      header: USERS_MSG.columns.email,
      render: (u) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography
            sx={{ overflowWrap: 'anywhere', fontWeight: 600, fontSize: '0.9rem' }}
            data-testid="admin-user-email"
          >
            {u.email}
          </Typography>
          {u.role === 'admin' && (
            <Typography variant="caption" sx={{ color: 'primary.main' }}>
              {USERS_MSG.principal}
            </Typography>
          )}
          <MobileDetails>
            <RoleChip user={u} />
            <StateChip user={u} />
            <Box component="span" sx={{ fontFamily: mono }}>
              {shortUserId(u.id)}
            </Box>
          </MobileDetails>
        </Box>
      ),
    },
    { key: 'role', header: USERS_MSG.columns.role, hideOnMobile: true, render: (u) => <RoleChip user={u} /> },
    {
      key: 'created',
      header: USERS_MSG.columns.created,
      hideOnMobile: true,
      render: (u) => (
        <Typography sx={{ whiteSpace: 'nowrap', fontSize: '0.9rem' }}>{formatDate(u.created_at)}</Typography>
      ),
    },
    {
      key: 'state',
      header: USERS_MSG.columns.state,
      hideOnMobile: true,
      render: (u) => <StateChip user={u} testId="admin-user-state" />,
    },
    {
      key: 'actions',
      header: USERS_MSG.columns.actions,
      align: 'right',
      render: (u) => {
        const banned = isBanned(u);
        const roleLabel = u.role === 'user' ? USERS_MSG.promote : USERS_MSG.demote;
        const banLabel = banned ? USERS_MSG.unban : USERS_MSG.ban;
        return (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
            <Tooltip title={roleLabel}>
              <IconButton
                size="small"
                aria-label={`${roleLabel} ${u.email}`}
                onClick={() => setPending({ kind: 'role', user: u })}
              >
                {u.role === 'user' ? (
                  <PersonAddAlt1Outlined fontSize="small" />
                ) : (
                  <PersonRemoveOutlined fontSize="small" />
                )}
              </IconButton>
            </Tooltip>
            <Tooltip title={banLabel}>
              <IconButton
                size="small"
                color={banned ? 'success' : 'error'}
                aria-label={`${banLabel} ${u.email}`}
                onClick={() => setPending({ kind: banned ? 'unban' : 'ban', user: u })}
              >
                {banned ? <LockOpen fontSize="small" /> : <Block fontSize="small" />}
              </IconButton>
            </Tooltip>
          </Box>
        );
      },
    },
  ];

  return (
    <SectionPage title={USERS_MSG.title} description={USERS_MSG.description} actions={<NewsletterExportButton />}>
      <Box sx={{ mb: 2, display: 'grid', maxWidth: 460 }}>
        <AdminSearchField
          label={USERS_MSG.search}
          value={search}
          onChange={setSearch}
          helperText={USERS_MSG.searchHint}
          maxLength={254}
          testId="users-search"
        />
      </Box>
      <DataTable
        label={USERS_MSG.title}
        rows={list.items}
        columns={columns}
        rowKey={(u) => u.id}
        loading={list.isLoading}
        empty={{ title: USERS_MSG.empty, hint: q ? USERS_MSG.emptyHint : undefined }}
        footer={list.hasMore ? <LoadMore list={list} /> : null}
      />
      <ConfirmDialog
        open={pending !== null}
        title={ADMIN_MSG.confirmTitle}
        body={pending ? confirmBody(pending) : ''}
        confirmLabel={ADMIN_MSG.confirm}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </SectionPage>
  );
}
