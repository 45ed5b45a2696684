import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { ADMIN_CATALOG_API, type AdminDigitalAssetDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { callApi } from '../../api/client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { formatBytes, formatDate } from '../ui/format';
import { HiddenHeader, RowActions } from '../ui/row-actions';
import { SectionPage } from '../ui/section-page';
import { useAdminAction } from '../ui/use-admin-action';
import { useAdminResource } from '../ui/use-admin-list';
import { useConfirm } from '../ui/use-confirm';
import { AssetUploadDialog } from '../digital-assets/asset-upload-dialog';

const T = CATALOG_ADMIN_TEXT.assets;

/**
 * /admin/digital-assets: the library newest first; upload; delete
 * (the file, then the record; refused while a product links the asset).
 */
export default function DigitalAssetsScreen() {
  const list = useAdminResource(ADMIN_CATALOG_API.digitalAssets, {}, ADMIN_MSG.load.assets);
  const [uploading, setUploading] = useState(false);
  const { run, busy } = useAdminAction();
  const confirm = useConfirm<AdminDigitalAssetDto>(
    (a) => T.deleteBody(a.name),
    (a) => {
      void run(() => callApi(ADMIN_CATALOG_API.deleteAsset, { params: { id: a.id } }), {
        kind: 'delete',
        success: T.deleted,
      }).then((r) => r && list.mutate());
    },
  );
  const columns: Column<AdminDigitalAssetDto>[] = [
    {
      key: 'name',
      header: T.columns.name,
      render: (a) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{a.name}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {a.file_path.split('/').pop()}
          </Typography>
        </Box>
      ),
    },
    { key: 'type', header: T.columns.type, hideOnMobile: true, render: (a) => a.file_type },
    {
      key: 'size',
      header: T.columns.size,
      align: 'right',
      hideOnMobile: true,
      render: (a) => formatBytes(a.size_bytes),
    },
    { key: 'products', header: T.columns.products, align: 'center', render: (a) => T.linked(a.linked_products) },
    { key: 'created', header: T.columns.created, hideOnMobile: true, render: (a) => formatDate(a.created_at) },
    {
      key: 'actions',
      header: <HiddenHeader label={T.columns.actions} />,
      align: 'right',
      width: 64,
      render: (a) => <RowActions name={a.name} disabled={busy} onDelete={() => confirm.ask(a)} />,
    },
  ];
  return (
    <SectionPage
      title={T.title}
      description={T.description}
      actions={
        <Button variant="contained" startIcon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
          {T.upload}
        </Button>
      }
    >
      <DataTable
        label={T.title}
        rows={list.data?.items ?? []}
        columns={columns}
        rowKey={(a) => a.id}
        loading={list.isLoading}
        empty={{ title: T.emptyTitle, hint: T.emptyHint }}
      />
      {uploading && (
        <AssetUploadDialog
          onClose={() => setUploading(false)}
          onSaved={() => {
            setUploading(false);
            void list.mutate();
          }}
        />
      )}
      <ConfirmDialog {...confirm.props} />
    </SectionPage>
  );
}
