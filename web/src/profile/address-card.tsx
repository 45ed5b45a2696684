import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import type { AddressDto } from '../../../shared/api/account';
import { cityLine, countryName } from '../ui/address-form';

/** One saved address with its default mark and the edit / delete / make-default actions. */
export function AddressCard({
  address,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: AddressDto;
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
  onMakeDefault(): void;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid="address-card"
      data-default={address.is_default ? 'true' : 'false'}
      sx={{
        p: 2.5,
        height: '100%',
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderColor: address.is_default ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap data-testid="address-name">
            {address.full_name}
          </Typography>
          {address.is_default && (
            <Chip
              size="small"
              icon={<StarRounded />}
              label={PROFILE_TEXT.defaultMark}
              color="primary"
              variant="outlined"
              sx={{ mt: 0.75, height: 24, fontWeight: 600 }}
              data-testid="address-default"
            />
          )}
        </Box>
        <Tooltip title={PROFILE_TEXT.editAddress}>
          <span>
            <IconButton size="small" aria-label={PROFILE_TEXT.editAddress} onClick={onEdit} disabled={busy}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Elimina indirizzo">
          <span>
            <IconButton
              size="small"
              aria-label="Elimina indirizzo"
              onClick={onDelete}
              disabled={busy}
              sx={{ '&:hover': { color: 'error.main' } }}
            >
              <DeleteOutlineOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box sx={{ color: 'text.secondary', lineHeight: 1.6, fontSize: '0.95rem' }} data-testid="address-lines">
        <div>{address.line1}</div>
        {address.line2 && <div>{address.line2}</div>}
        <div>{cityLine(address)}</div>
        <div>{countryName(address.country)}</div>
        {address.phone && (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5 }}>
            <PhoneOutlined sx={{ fontSize: 16 }} />
            <span>{address.phone}</span>
          </Stack>
        )}
      </Box>
      {!address.is_default && (
        <Box sx={{ mt: 'auto' }}>
          <Button size="small" onClick={onMakeDefault} disabled={busy} sx={{ px: 0 }}>
            {PROFILE_TEXT.makeDefault}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
