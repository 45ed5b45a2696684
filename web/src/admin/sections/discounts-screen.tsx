/**
 * /admin/discounts: discount codes newest first,
 * paged by the server; create, edit, activate/deactivate (the switch in the row), delete (confirmed).
 * Each row shows the type, the value, the last day (or 'Nessuna', 'Scaduto' when past) and how many
 * paid orders used it.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { discountValueLabel, isDiscountCodeExpired } from '../../../../shared/discount-codes';
import { formatEuro } from '../../../../shared/money';
import { DISCOUNT_MSG } from '../../../../shared/messages/discounts';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { OFFERS_MSG } from '../../../../shared/messages/admin-offers';
import { ADMIN_OFFERS_API, type DiscountCodeDto } from '../../../../shared/api/admin-offers';
import { callApi } from '../../api/client';
import { DataTable, type Column } from '../ui/data-table';
import { SectionPage } from '../ui/section-page';
import { RowActions } from '../ui/row-actions';
import { MobileDetails } from '../ui/mobile-details';
import { LoadMore } from '../ui/load-more';
import { formatDate } from '../ui/format';
import { useCursorList } from '../ui/use-admin-list';
import { useAdminAction } from '../ui/use-admin-action';
import { useDeleteConfirm } from '../ui/use-delete-confirm';
import { CodeFormDialog } from '../discounts/code-form-dialog';

const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';
/** A calendar day 'YYYY-MM-DD' as dd/mm/yyyy (noon UTC is the same day in Italy). */
const showDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/** Default export: the lazily loaded screen of the 'discounts' section. */
export default function DiscountsScreen() {
  const list = useCursorList(ADMIN_OFFERS_API.discountCodes, {}, ADMIN_MSG.load.discountCodes);
  const [form, setForm] = useState<{ open: boolean; code: DiscountCodeDto | null }>({ open: false, code: null });
  const { run } = useAdminAction();
  const deletion = useDeleteConfirm<DiscountCodeDto>({
    name: (c) => c.code,
    remove: (c) => callApi(ADMIN_OFFERS_API.deleteDiscountCode, { params: { id: c.id } }),
    onDeleted: () => void list.reload(),
  });
  const now = new Date();

  const replace = (row: DiscountCodeDto) =>
    void list.mutate((pages) => pages?.map((p) => ({ ...p, items: p.items.map((c) => (c.id === row.id ? row : c)) })), {
      revalidate: false,
    });

  const toggle = async (c: DiscountCodeDto) => {
    const body = {
      code: c.code,
      discount_type: c.discount_type,
      value: c.value,
      expires_at: c.expires_at,
      is_active: !c.is_active,
    };
    const saved = await run(() => callApi(ADMIN_OFFERS_API.updateDiscountCode, { params: { id: c.id }, body }), {
      success: c.is_active ? OFFERS_MSG.deactivated : OFFERS_MSG.activated,
    });
    if (saved) replace(saved);
  };

  const columns: Column<DiscountCodeDto>[] = [
    {
      key: 'code',
      header: OFFERS_MSG.codeColumns.code,
      render: (c) => (
        <Box>
          <Typography
            sx={{ fontFamily: mono, fontWeight: 800, letterSpacing: '0.05em', color: 'primary.main' }}
            data-testid="admin-code"
          >
            {c.code}
          </Typography>
          <MobileDetails>
            <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {discountValueLabel(c, formatEuro)}
            </Box>
            <span>{`${OFFERS_MSG.codeColumns.expires}: ${c.expires_at ? showDay(c.expires_at) : OFFERS_MSG.noExpiry}`}</span>
            <span>{`${OFFERS_MSG.codeColumns.uses}: ${c.times_used}`}</span>
            {c.expires_at && isDiscountCodeExpired(c, now) && (
              <Chip size="small" color="error" variant="outlined" label={OFFERS_MSG.expired} />
            )}
          </MobileDetails>
        </Box>
      ),
    },
    {
      key: 'type',
      header: OFFERS_MSG.codeColumns.type,
      hideOnMobile: true,
      render: (c) => DISCOUNT_MSG.typeLabel[c.discount_type],
    },
    {
      key: 'value',
      header: OFFERS_MSG.codeColumns.value,
      align: 'right',
      hideOnMobile: true,
      render: (c) => (
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {discountValueLabel(c, formatEuro)}
        </Typography>
      ),
    },
    {
      key: 'expires',
      header: OFFERS_MSG.codeColumns.expires,
      hideOnMobile: true,
      render: (c) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ whiteSpace: 'nowrap', fontSize: '0.9rem' }}>
            {c.expires_at ? showDay(c.expires_at) : OFFERS_MSG.noExpiry}
          </Typography>
          {c.expires_at && isDiscountCodeExpired(c, now) && (
            <Chip size="small" color="error" variant="outlined" label={OFFERS_MSG.expired} />
          )}
        </Box>
      ),
    },
    {
      key: 'active',
      header: OFFERS_MSG.codeColumns.active,
      render: (c) => (
        <Switch
          size="small"
          checked={c.is_active}
          onChange={() => void toggle(c)}
          slotProps={{ input: { 'aria-label': `${OFFERS_MSG.codeColumns.active} ${c.code}` } }}
        />
      ),
    },
    {
      key: 'uses',
      header: OFFERS_MSG.codeColumns.uses,
      align: 'right',
      hideOnMobile: true,
      render: (c) => <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{c.times_used}</Typography>,
    },
    {
      key: 'created',
      header: OFFERS_MSG.codeColumns.created,
      hideOnMobile: true,
      render: (c) => formatDate(c.created_at),
    },
    {
      key: 'actions',
      header: OFFERS_MSG.codeColumns.actions,
      align: 'right',
      render: (c) => (
        <RowActions name={c.code} onEdit={() => setForm({ open: true, code: c })} onDelete={() => deletion.ask(c)} />
      ),
    },
  ];

  return (
    <SectionPage
      title={OFFERS_MSG.codesTitle}
      description={OFFERS_MSG.codesDescription}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, code: null })}>
          {OFFERS_MSG.newCode}
        </Button>
      }
    >
      <DataTable
        label={OFFERS_MSG.codesTitle}
        rows={list.items}
        columns={columns}
        rowKey={(c) => c.id}
        loading={list.isLoading}
        empty={{ title: OFFERS_MSG.codesEmpty, hint: OFFERS_MSG.codesEmptyHint }}
        footer={list.hasMore ? <LoadMore list={list} /> : null}
      />
      <CodeFormDialog
        open={form.open}
        code={form.code}
        onClose={() => setForm({ open: false, code: null })}
        onSaved={() => {
          setForm({ open: false, code: null });
          void list.reload();
        }}
      />
      {deletion.dialog}
    </SectionPage>
  );
}
