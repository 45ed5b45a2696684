import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CategoryDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { CATALOG_TEXT } from '../../../shared/messages/catalog-ui';

/** Category filter row: 'Tutti' plus one button per category; the selected one is filled. */
export function CategoryFilter({
  categories,
  selectedId,
  onSelect,
}: {
  categories: CategoryDto[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const options: { id: string | null; name: string }[] = [{ id: null, name: MSG.all }, ...categories];
  return (
    <Box
      role="group"
      aria-label={CATALOG_TEXT.categoriesLabel}
      data-testid="category-filter"
      sx={{
        display: 'flex',
        gap: 1,
        maxWidth: '100%',
        // Phones: one row that scrolls sideways, so the row's height (and everything below it) does
        // not change when the categories arrive. Wider screens: centred rows.
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        justifyContent: { xs: 'flex-start', sm: 'center' },
        pb: { xs: 0.5, sm: 0 },
        scrollbarWidth: 'thin',
      }}
    >
      {options.map((option) => {
        const selected = option.id === selectedId;
        return (
          <Button
            key={option.id ?? 'all'}
            size="small"
            variant={selected ? 'contained' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onSelect(option.id)}
            sx={{ px: 2.25, py: 0.75, flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {option.name}
          </Button>
        );
      })}
    </Box>
  );
}
