import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { ADMIN_MSG } from '../../../../shared/messages/admin';

/**
 * The edit and delete buttons of a list row (icons with tooltips; the names say which row, for
 * screen readers and tests). `deleteDisabled` explains itself in the tooltip.
 */
export function RowActions({ name, onEdit, onDelete, deleteDisabledReason, extra }: {
  name: string;
  onEdit(): void;
  onDelete(): void;
  /** When set, delete is disabled and the tooltip says why. */
  deleteDisabledReason?: string | null;
  /** More buttons before edit. */
  extra?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      {extra}
      <Tooltip title={ADMIN_MSG.edit}>
        <IconButton size="small" aria-label={`${ADMIN_MSG.edit} ${name}`} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteDisabledReason ?? ADMIN_MSG.delete}>
        <span>
          <IconButton size="small" color="error" aria-label={`${ADMIN_MSG.delete} ${name}`} onClick={onDelete} disabled={Boolean(deleteDisabledReason)}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
