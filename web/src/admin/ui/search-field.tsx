import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import Search from '@mui/icons-material/Search';

/** The search box above a back-office list (magnifier, helper text below, optional error). */
export function AdminSearchField({
  label,
  value,
  onChange,
  helperText,
  error,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  helperText: string;
  error?: boolean;
  maxLength: number;
  testId: string;
}) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={helperText}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength, 'data-testid': testId, autoComplete: 'off', spellCheck: false },
      }}
    />
  );
}
