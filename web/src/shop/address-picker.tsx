import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { ACCOUNT_API, type AddressBody, type AddressDto } from '../../../shared/api/account';
import { callApi } from '../api/client';
import { useToast } from '../ui/toast';
import { AddressFormDialog } from '../ui/address-form-dialog';
import { cityLine, countryName } from '../ui/address-form';
import { errorToast } from '../ui/error-toast';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { ChoiceOption } from './choice-option';

/**
 * 'Indirizzo di spedizione' of the cart: the shopper's saved addresses to choose from,
 * and 'Aggiungi indirizzo' (the profile's address form), whose new address is selected at once.
 */
export function AddressPicker({
  addresses,
  loading,
  value,
  disabled,
  onChange,
  onAdded,
}: {
  addresses: readonly AddressDto[] | undefined;
  loading: boolean;
  value: string | null;
  disabled: boolean;
  onChange(id: string): void;
  /** After a new address is saved: refresh the list (the picker selects it). */
  onAdded(address: AddressDto): Promise<void> | void;
}) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const save = async (body: AddressBody) => {
    const created = await callApi(ACCOUNT_API.addAddress, { body });
    await onAdded(created);
    onChange(created.id);
    toast({ title: 'Successo!', description: SHOP_TEXT.addressSaved });
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="address-title"
      data-testid="address-picker"
      sx={{ p: { xs: 2, md: 2.5 }, borderRadius: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <HomeOutlined sx={{ color: 'primary.main' }} />
        <Typography id="address-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {SHOP_TEXT.addressTitle}
        </Typography>
        <Button
          size="small"
          startIcon={<AddLocationAltOutlined />}
          disabled={disabled}
          onClick={() => setOpen(true)}
          data-testid="address-add"
        >
          {SHOP_TEXT.addressAdd}
        </Button>
      </Box>
      {loading && !addresses && <Skeleton variant="rounded" height={72} />}
      {addresses && addresses.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }} data-testid="address-none">
          {SHOP_TEXT.addressNone}
        </Typography>
      )}
      {addresses && addresses.length > 0 && (
        <RadioGroup
          aria-labelledby="address-title"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          sx={{ gap: 1 }}
        >
          {addresses.map((a) => {
            const selected = a.id === value;
            return (
              <ChoiceOption key={a.id} value={a.id} selected={selected} disabled={disabled} testId="address-option">
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{a.full_name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {[a.line1, a.line2].filter(Boolean).join(', ')} · {cityLine(a)} · {countryName(a.country)}
                  </Typography>
                </Box>
              </ChoiceOption>
            );
          })}
        </RadioGroup>
      )}
      {open && (
        <AddressFormDialog
          open={open}
          editing={false}
          initial={null}
          onClose={() => setOpen(false)}
          onSave={save}
          onError={(e) => toast(errorToast(e, SHOP_TEXT.addressSaveError))}
        />
      )}
    </Paper>
  );
}
