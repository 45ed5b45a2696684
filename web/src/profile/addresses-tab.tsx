import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import AddOutlined from '@mui/icons-material/AddOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import { MSG } from '../../../shared/messages';
import { callApi } from '../api/client';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';
import { useToast } from '../ui/toast';
import { useLoadErrorToast } from '../ui/use-error-toast';
import { ACCOUNT_API, type AddressBody, type AddressDto } from '../../../shared/api/account';
import { AddressCard } from './address-card';
import { AddressFormDialog } from '../ui/address-form-dialog';
import { toFormValues, validateAddress, type AddressFormValues } from '../ui/address-form';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAddresses } from '../api/use-account';
import { TabEmptyState, TabSection } from './tab-section';

type DialogState = { open: false } | { open: true; editing: AddressDto | null };

function sortAddresses(items: AddressDto[]): AddressDto[] {
  return [...items].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default) || a.created_at.localeCompare(b.created_at),
  );
}

/** 'Indirizzi' tab: list, add, edit, delete (with confirmation) and default mark of shipping addresses. */
export function AddressesTab() {
  const { data, error, isLoading, mutate } = useAddresses();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [initial, setInitial] = useState<AddressFormValues | null>(null);
  const [toDelete, setToDelete] = useState<AddressDto | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  useLoadErrorToast(error, PROFILE_TEXT.loadAddresses);

  const failed = (err: unknown) =>
    toast({
      variant: 'destructive',
      title: MSG.errorTitle,
      description: err instanceof Error ? err.message : String(err),
    });

  const openNew = () => {
    setInitial(null);
    setDialog({ open: true, editing: null });
  };
  const openEdit = (a: AddressDto) => {
    setInitial(toFormValues(a));
    setDialog({ open: true, editing: a });
  };

  const save = async (body: AddressBody) => {
    const editing = dialog.open ? dialog.editing : null;
    if (editing) await callApi(ACCOUNT_API.editAddress, { params: { id: editing.id }, body });
    else await callApi(ACCOUNT_API.addAddress, { body });
    await mutate();
    toast({ title: PROFILE_TEXT.successTitle, description: PROFILE_TEXT.addressSaved });
  };

  const remove = (a: AddressDto) => {
    setBusyId(a.id);
    callApi(ACCOUNT_API.deleteAddress, { params: { id: a.id } })
      .then(() => mutate())
      .then(() => toast({ title: PROFILE_TEXT.successTitle, description: PROFILE_TEXT.addressDeleted }))
      .catch(failed)
      .finally(() => setBusyId(null));
  };

  const makeDefault = (a: AddressDto) => {
    setBusyId(a.id);
    const checked = validateAddress({ ...toFormValues(a), is_default: true });
    if (!checked.ok) {
      openEdit(a);
      setBusyId(null);
      return;
    }
    callApi(ACCOUNT_API.editAddress, { params: { id: a.id }, body: checked.body })
      .then(() => mutate())
      .then(() => toast({ title: PROFILE_TEXT.successTitle, description: PROFILE_TEXT.addressSaved }))
      .catch(failed)
      .finally(() => setBusyId(null));
  };

  const items = data ? sortAddresses(data.items) : [];
  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddOutlined />}
      onClick={openNew}
      sx={{ alignSelf: { xs: 'stretch', sm: 'auto' }, whiteSpace: 'nowrap' }}
    >
      {PROFILE_TEXT.addAddress}
    </Button>
  );

  return (
    <TabSection
      title={PROFILE_TEXT.addressesHeading}
      action={data && items.length > 0 ? addButton : undefined}
      testId="addresses-tab"
    >
      {isLoading && (
        <Grid container spacing={2.5}>
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={170} />
            </Grid>
          ))}
        </Grid>
      )}
      {error && !data && (
        <TabEmptyState
          icon={<LocationOnOutlined />}
          message={PROFILE_TEXT.loadAddresses}
          action={
            <Button variant="outlined" onClick={() => void mutate()}>
              Riprova
            </Button>
          }
        />
      )}
      {data && items.length === 0 && (
        <TabEmptyState
          icon={<LocationOnOutlined />}
          message={PROFILE_TEXT.addressesEmpty}
          action={addButton}
          testId="addresses-empty"
        />
      )}
      {items.length > 0 && (
        <Grid container spacing={2.5} data-testid="address-list">
          {items.map((a) => (
            <Grid key={a.id} size={{ xs: 12, md: 6 }}>
              <AddressCard
                address={a}
                busy={busyId === a.id}
                onEdit={() => openEdit(a)}
                onDelete={() => {
                  setToDelete(a);
                  setDeleteOpen(true);
                }}
                onMakeDefault={() => makeDefault(a)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <AddressFormDialog
        open={dialog.open}
        editing={dialog.open && dialog.editing !== null}
        initial={initial}
        onClose={() => setDialog({ open: false })}
        onSave={save}
        onError={failed}
      />
      <ConfirmDialog
        confirmLabel={PROFILE_TEXT.confirmDelete}
        open={deleteOpen}
        title={PROFILE_TEXT.deleteTitle}
        body={toDelete ? `${PROFILE_TEXT.deleteBody} (${toDelete.full_name}, ${toDelete.line1})` : ''}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => {
          if (toDelete) remove(toDelete);
        }}
      />
    </TabSection>
  );
}
