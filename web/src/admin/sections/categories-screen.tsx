import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { ADMIN_CATALOG_API, type AdminCategoryDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { callApi } from '../../api/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { DataTable, type Column } from '../ui/data-table';
import { HiddenHeader, RowActions } from '../ui/row-actions';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useAdminResource } from '../ui/use-admin-list';
import { useConfirm } from '../ui/use-confirm';
import { useEditor } from '../ui/use-editor';
import { CategoryFormDialog } from '../categories/category-form-dialog';

const T = CATALOG_ADMIN_TEXT.categories;

/**
 * /admin/categories: the product categories by name; create, edit, delete. Deleting a category
 * leaves its products in the shop as 'Senza Categoria' (the confirmation says so).
 */
export default function CategoriesScreen() {
  const list = useAdminResource(ADMIN_CATALOG_API.categories, {}, ADMIN_MSG.load.categories);
  const editor = useEditor<AdminCategoryDto>(() => list.mutate());
  const { run, busy } = useAdminAction();
  const { toast } = useToast();
  const confirm = useConfirm<AdminCategoryDto>(
    (c) => T.deleteBody(c.name),
    async (c) => {
      const done = await run(() => callApi(ADMIN_CATALOG_API.deleteCategory, { params: { id: c.id } }), {
        kind: 'delete',
        success: null,
      });
      if (done) {
        toast({ title: ADMIN_MSG.successTitle, description: T.deleted(done.uncategorised_products) });
        void list.mutate();
      }
    },
  );
  const columns: Column<AdminCategoryDto>[] = [
    { key: 'name', header: T.columns.name, render: (c) => <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography> },
    {
      key: 'description',
      header: T.columns.description,
      hideOnMobile: true,
      render: (c) => (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {c.description || '—'}
        </Typography>
      ),
    },
    {
      key: 'actions',
      header: <HiddenHeader label={T.columns.actions} />,
      align: 'right',
      width: 96,
      render: (c) => (
        <RowActions name={c.name} disabled={busy} onEdit={() => editor.edit(c)} onDelete={() => confirm.ask(c)} />
      ),
    },
  ];
  return (
    <SectionPage
      title={T.title}
      description={T.description}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={editor.create}>
          {T.add}
        </Button>
      }
    >
      <DataTable
        label={T.title}
        rows={list.data?.items ?? []}
        columns={columns}
        rowKey={(c) => c.id}
        loading={list.isLoading}
        empty={{ title: T.emptyTitle, hint: T.emptyHint }}
      />
      {editor.target && (
        <CategoryFormDialog
          key={editor.target.item?.id ?? 'new'}
          category={editor.target.item}
          onClose={editor.close}
          onSaved={editor.saved}
        />
      )}
      <ConfirmDialog {...confirm.props} />
    </SectionPage>
  );
}
