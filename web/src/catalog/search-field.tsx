import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import Search from '@mui/icons-material/Search';
import { MSG } from '../../../shared/messages';

/** Maximum search length the API accepts (the listing query schemas in shared/schemas/index.ts). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Product search box (placeholder 'Cerca un prodotto...'). A bare OutlinedInput rather than a
 * TextField: TextField brings MUI's Select, Menu and Popover into the first page's JavaScript.
 */
export function SearchField({
  value,
  onChange,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <OutlinedInput
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={MSG.searchPlaceholder}
      fullWidth
      inputProps={{
        'aria-label': MSG.searchPlaceholder,
        maxLength: SEARCH_MAX_LENGTH,
        'data-testid': 'product-search',
      }}
      startAdornment={
        <InputAdornment position="start">
          <Search sx={{ color: 'primary.main' }} />
        </InputAdornment>
      }
      sx={[{ borderRadius: 999, bgcolor: 'background.paper' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
