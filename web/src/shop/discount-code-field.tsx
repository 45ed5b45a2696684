import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { CartDiscountCodeDto } from '../../../shared/api/cart';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';

/**
 * 'Codice sconto' of the cart summary: a field and 'Applica'; the server's reason for a
 * refused code is shown under the field (nothing changes); an applied code shows as a chip with
 * 'Rimuovi codice', and its reason when it stopped applying.
 */
export function DiscountCodeField({
  applied,
  disabled,
  onApply,
  onRemove,
}: {
  applied: CartDiscountCodeDto | null;
  disabled: boolean;
  /** @returns null when applied, else the Italian reason to show */
  onApply(code: string): Promise<string | null>;
  onRemove(): Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    const problem = await onApply(text.trim());
    setBusy(false);
    setError(problem);
    if (!problem) setText('');
  };

  if (applied) {
    return (
      <Box data-testid="discount-code-applied">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            icon={<LocalOfferOutlined />}
            label={applied.code}
            color={applied.problem ? 'default' : 'primary'}
            variant="outlined"
            data-testid="discount-code-chip"
            sx={{ fontWeight: 700, letterSpacing: '0.04em' }}
          />
          <Button
            size="small"
            color="inherit"
            disabled={disabled || busy}
            onClick={() => {
              setBusy(true);
              void onRemove().finally(() => setBusy(false));
            }}
            data-testid="discount-code-remove"
            sx={{ color: 'text.secondary' }}
          >
            {SHOP_TEXT.codeRemove}
          </Button>
        </Box>
        {applied.problem && (
          <Typography
            variant="body2"
            role="alert"
            data-testid="discount-code-problem"
            sx={{ color: 'warning.main', mt: 0.75 }}
          >
            {applied.problem}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      data-testid="discount-code-form"
    >
      <TextField
        size="small"
        label={SHOP_TEXT.codeLabel}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        disabled={disabled || busy}
        slotProps={{
          htmlInput: {
            'data-testid': 'discount-code-input',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 64,
          },
          formHelperText: { role: error ? 'alert' : undefined } as object,
        }}
        sx={{ flex: 1 }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={disabled || busy || !text.trim()}
        data-testid="discount-code-apply"
        sx={{ height: 40, flexShrink: 0 }}
      >
        {SHOP_TEXT.codeApply}
      </Button>
    </Box>
  );
}
