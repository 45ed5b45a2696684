import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { ADMIN_MSG } from '../../../../shared/messages/admin';

/** Edit and delete buttons of a list row, named after the item for screen readers. */
export function RowActions({ name, onEdit, onDelete, disabled = false }: { name: string; onEdit?: () => void; onDelete?: () => void; disabled?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      {onEdit && (
        <Tooltip title={ADMIN_MSG.edit}>
          <IconButton size="small" aria-label={`${ADMIN_MSG.edit}: ${name}`} onClick={onEdit} disabled={disabled}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title={ADMIN_MSG.delete}>
          <IconButton size="small" aria-label={`${ADMIN_MSG.delete}: ${name}`} onClick={onDelete} disabled={disabled} sx={{ color: 'error.main' }}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/** Hidden from sight, kept for screen readers. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A header only screen readers hear (the actions column shows icons, no visible title). */
export function HiddenHeader({ label }: { label: string }) {
  return <Box component="span" sx={visuallyHidden}>{label}</Box>;
}
