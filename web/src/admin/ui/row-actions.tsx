import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { ADMIN_MSG } from '../../../../shared/messages/admin';

/**
 * The edit and delete buttons of a list row: icons with tooltips, named after the row's item
 * ('Modifica: {name}', 'Elimina: {name}') for screen readers and tests. A button is shown only when
 * its handler is given; `disabled` turns both off while an action runs; `deleteDisabledReason`
 * disables delete and says why in the tooltip; `extra` buttons come before edit.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  disabled = false,
  deleteDisabledReason,
  extra,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  disabled?: boolean;
  deleteDisabledReason?: string | null;
  extra?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      {extra}
      {onEdit && (
        <Tooltip title={ADMIN_MSG.edit}>
          <span>
            <IconButton size="small" aria-label={`${ADMIN_MSG.edit}: ${name}`} onClick={onEdit} disabled={disabled}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title={deleteDisabledReason ?? ADMIN_MSG.delete}>
          <span>
            <IconButton
              size="small"
              aria-label={`${ADMIN_MSG.delete}: ${name}`}
              onClick={onDelete}
              disabled={disabled || Boolean(deleteDisabledReason)}
              sx={{ color: 'error.main' }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

/** Hidden from sight, kept for screen readers. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A header only screen readers hear (the actions column shows icons, no visible title). */
export function HiddenHeader({ label }: { label: string }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {label}
    </Box>
  );
}
