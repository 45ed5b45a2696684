import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ADMIN_CATALOG_API, type AdminProductDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { MSG } from '../../../../shared/messages';
import { ProductImage } from '../../ui/product-image';
import { DataTable, type Column } from '../ui/data-table';
import { EmptyState } from '../ui/empty-state';
import { SectionPage } from '../ui/section-page';
import { useAdminResource } from '../ui/use-admin-list';
import { StockChip } from '../products/stock-chip';
import { RestockField } from '../inventory-alerts/restock-field';

const T = CATALOG_ADMIN_TEXT.alerts;

/**
 * /admin/inventory-alerts ("Inventory alerts: physical products with quantity 0 or less"):
 * sold out first, then low stock (1-5) as a second group, each row with an inline restock.
 */
export default function InventoryAlertsScreen() {
  const alerts = useAdminResource(ADMIN_CATALOG_API.inventoryAlerts, {}, ADMIN_MSG.load.inventoryAlerts);
  const reload = () => void alerts.mutate();
  // On a phone the restock field sits under the name (one field per row either way).
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const columns: Column<AdminProductDto>[] = [
    {
      key: 'name',
      header: T.columns.name,
      render: (p) => (
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            <Box
              sx={{
                width: 40,
                height: 40,
                flex: 'none',
                borderRadius: 1.5,
                overflow: 'hidden',
                display: { xs: 'none', sm: 'block' },
              }}
            >
              <ProductImage src={p.image_url} alt="" />
            </Box>
            <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
          </Box>
          {phone && (
            <Box sx={{ mt: 1 }}>
              <RestockField key={`${p.id}-${p.quantity}`} product={p} onDone={reload} align="start" />
            </Box>
          )}
        </Box>
      ),
    },
    { key: 'category', header: T.columns.category, hideOnMobile: true, render: (p) => p.category ?? MSG.noCategory },
    { key: 'quantity', header: T.columns.quantity, align: 'center', render: (p) => <StockChip product={p} /> },
    ...(phone
      ? []
      : [
          {
            key: 'restock',
            header: T.columns.restock,
            align: 'right' as const,
            render: (p: AdminProductDto) => <RestockField key={`${p.id}-${p.quantity}`} product={p} onDone={reload} />,
          },
        ]),
  ];
  const soldOut = alerts.data?.sold_out ?? [];
  const low = alerts.data?.low_stock ?? [];
  const none = !alerts.isLoading && soldOut.length === 0 && low.length === 0;
  return (
    <SectionPage title={T.title} description={T.description}>
      {none ? (
        <Paper variant="outlined" sx={{ borderRadius: 2 }}>
          <EmptyState title={T.emptyTitle} hint={T.emptyHint} />
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 4 }}>
          {[
            { title: T.soldOut, rows: soldOut, empty: T.soldOutEmpty, id: 'sold-out' },
            { title: T.lowStock, rows: low, empty: T.lowStockEmpty, id: 'low-stock' },
          ].map((group) => (
            <Box
              component="section"
              key={group.id}
              aria-labelledby={`alerts-${group.id}`}
              data-testid={`alerts-${group.id}`}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                <Typography id={`alerts-${group.id}`} component="h2" variant="h6">
                  {group.title}
                </Typography>
                {!alerts.isLoading && (
                  <Chip
                    size="small"
                    label={group.rows.length}
                    color={group.rows.length ? (group.id === 'sold-out' ? 'error' : 'warning') : 'default'}
                  />
                )}
              </Box>
              <DataTable
                label={group.title}
                rows={group.rows}
                columns={columns}
                rowKey={(p) => p.id}
                loading={alerts.isLoading}
                skeletonRows={3}
                empty={{ title: group.empty }}
              />
            </Box>
          ))}
        </Box>
      )}
    </SectionPage>
  );
}
