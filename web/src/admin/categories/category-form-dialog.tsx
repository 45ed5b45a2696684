import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { ADMIN_CATALOG_API, type AdminCategoryDto } from '../../../../shared/api/admin-catalog';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { callApi } from '../../api/client';
import { FormDialog } from '../ui/form-dialog';
import { useAdminAction } from '../ui/use-admin-action';

const T = CATALOG_ADMIN_TEXT.categories;

/** Create or edit a category ("Category: name required"). */
export function CategoryFormDialog({
  category,
  onClose,
  onSaved,
}: {
  category: AdminCategoryDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [error, setError] = useState(false);
  const { run, busy } = useAdminAction();
  const submit = async () => {
    if (name.trim() === '') {
      setError(true);
      return;
    }
    const body = { name: name.trim(), description: description.trim() };
    const done = await run(
      () =>
        category
          ? callApi(ADMIN_CATALOG_API.updateCategory, { params: { id: category.id }, body })
          : callApi(ADMIN_CATALOG_API.createCategory, { body }),
      { success: category ? T.updated : T.created },
    );
    if (done) onSaved();
  };
  return (
    <FormDialog
      open
      title={category ? T.editTitle(category.name) : T.createTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label={T.name}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(false);
        }}
        required
        autoFocus
        error={error}
        helperText={error ? CATALOG_ADMIN_TEXT.productForm.nameRequired : undefined}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label={T.descriptionField}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={3}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
