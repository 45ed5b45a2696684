import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CategoryDto } from '../../../shared/api/catalog';
import { MSG } from '../../../shared/messages';
import { CATALOG_TEXT } from './texts';

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
    <Box role="group" aria-label={CATALOG_TEXT.categoriesLabel} data-testid="category-filter" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
      {options.map((option) => {
        const selected = option.id === selectedId;
        return (
          <Button
            key={option.id ?? 'all'}
            size="small"
            variant={selected ? 'contained' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onSelect(option.id)}
            sx={{ px: 2.25, py: 0.75 }}
          >
            {option.name}
          </Button>
        );
      })}
    </Box>
  );
}
