import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ADMIN_CATALOG_API, type InventoryAlertDto } from '../../../../shared/api/admin-catalog';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { callApi } from '../../api/client';
import { useAdminAction } from '../ui/use-admin-action';

const T = CATALOG_ADMIN_TEXT.alerts;

/** Inline restock of one variant: a whole number and 'Aggiorna' (PATCH .../stock with its variant). */
export function RestockField({
  product,
  onDone,
  align = 'end',
}: {
  product: InventoryAlertDto;
  onDone(): void;
  align?: 'start' | 'end';
}) {
  const [value, setValue] = useState(String(product.quantity));
  const name = product.variant_label ? `${product.name} – ${product.variant_label}` : product.name;
  const { run, busy } = useAdminAction();
  const quantity = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(quantity) && Math.abs(quantity) <= 1_000_000;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    const done = await run(
      () =>
        callApi(ADMIN_CATALOG_API.setStock, {
          params: { id: product.id },
          body: { quantity, variant_id: product.variant_id },
        }),
      { kind: 'update', success: T.restocked(name, quantity) },
    );
    if (done) onDone();
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        justifyContent: align === 'end' ? 'flex-end' : 'flex-start',
      }}
    >
      <TextField
        size="small"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!valid}
        disabled={busy}
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'aria-label': T.newQuantity(name), style: { textAlign: 'right' } },
        }}
        sx={{ width: 88 }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={!valid || busy || quantity === product.quantity}>
        {T.save}
      </Button>
    </Box>
  );
}
