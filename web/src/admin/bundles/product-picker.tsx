import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import { ADMIN_CATALOG_API, type AdminProductDto, type BundleProductDto } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useCursorList } from '../ui/use-admin-list';

const T = CATALOG_ADMIN_TEXT.bundles;

/** Height of the picker's list: the Bundle screen's "product picker (40 units high)", i.e. 10rem. */
export const PICKER_LIST_HEIGHT = '10rem';

/**
 * The bundle's product picker: chips of the chosen products, a search box and a scrolling list
 * (10rem high) of the catalogue by name from the server (searched there, paged by cursor).
 */
export function ProductPicker({
  selected,
  onChange,
  disabled,
}: {
  selected: readonly BundleProductDto[];
  onChange(next: BundleProductDto[]): void;
  disabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useCursorList<AdminProductDto>(ADMIN_CATALOG_API.products, { q, limit: 50 }, ADMIN_MSG.load.products);
  const chosen = new Set(selected.map((p) => p.id));
  const toggle = (p: AdminProductDto) => {
    if (chosen.has(p.id)) onChange(selected.filter((s) => s.id !== p.id));
    else
      onChange([
        ...selected,
        { id: p.id, name: p.name, premium_tier: p.premium_tier, is_digital: p.is_digital, image_url: p.image_url },
      ]);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {T.products}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }} aria-live="polite">
        {selected.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.noneSelected}
          </Typography>
        ) : (
          selected.map((p) => (
            <Chip
              key={p.id}
              label={p.premium_tier === 'none' ? p.name : `${p.name} · ${p.premium_tier}`}
              onDelete={disabled ? undefined : () => onChange(selected.filter((s) => s.id !== p.id))}
              color={p.premium_tier === 'none' ? 'default' : 'primary'}
              variant="outlined"
              size="small"
            />
          ))
        )}
      </Box>
      <TextField
        type="search"
        size="small"
        fullWidth
        label={T.pickerSearch}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={disabled}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <List
        dense
        aria-label={T.products}
        data-testid="bundle-product-picker"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (list.hasMore && !list.isLoadingMore && el.scrollTop + el.clientHeight >= el.scrollHeight - 24)
            list.loadMore();
        }}
        sx={{
          height: PICKER_LIST_HEIGHT,
          overflowY: 'auto',
          mt: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1.5,
        }}
      >
        {!list.isLoading && list.items.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', p: 1.5 }}>
            {T.pickerEmpty}
          </Typography>
        )}
        {list.items.map((p) => (
          <ListItemButton key={p.id} onClick={() => toggle(p)} disabled={disabled} dense>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Checkbox
                edge="start"
                size="small"
                checked={chosen.has(p.id)}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-label': p.name } }}
              />
            </ListItemIcon>
            <ListItemText primary={p.name} secondary={p.premium_tier === 'none' ? undefined : p.premium_tier} />
          </ListItemButton>
        ))}
      </List>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {T.selected(selected.length)}
      </Typography>
    </Box>
  );
}
