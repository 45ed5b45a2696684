import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import Search from '@mui/icons-material/Search';
import { MSG } from '../../../shared/messages';

/** Maximum search length the API accepts (shared/schemas.ts). */
export const SEARCH_MAX_LENGTH = 100;

/** Product search box (placeholder 'Cerca un prodotto...'). */
export function SearchField({ value, onChange, sx }: { value: string; onChange: (value: string) => void; sx?: SxProps<Theme> }) {
  return (
    <TextField
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={MSG.searchPlaceholder}
      fullWidth
      slotProps={{
        htmlInput: { 'aria-label': MSG.searchPlaceholder, maxLength: SEARCH_MAX_LENGTH, 'data-testid': 'product-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search sx={{ color: 'primary.main' }} />
            </InputAdornment>
          ),
          sx: { borderRadius: 999, bgcolor: 'background.paper' },
        },
      }}
      sx={sx}
    />
  );
}
