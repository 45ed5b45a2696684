/**
 * Create / edit a supplier (the supplier rule: "name required; notification email of email type;
 * when editing, an empty API key keeps the old one"). The API key field is write-only: it
 * starts empty, and on edit an empty field keeps the stored key. Errors are checked with the
 * server's schema first; a server refusal lands on the field it names.
 */
import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  AUTOMATIONS_API,
  type ShippingMethodOptionDto,
  type SupplierDto,
} from '../../../../shared/api/admin-automations';
import { SUPPLIER_MSG } from '../../../../shared/messages/admin-automations';
import { ApiError, callApi } from '../../api/client';
import { FormDialog } from '../ui/form-dialog';
import { useToast } from '../../ui/toast';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import {
  EMPTY_SUPPLIER_FORM,
  fromSupplier,
  supplierFormErrors,
  type SupplierField,
  type SupplierFormValues,
} from './supplier-form-model';

/** The supplier dialog: `supplier` null creates, a supplier edits. */
export function SupplierFormDialog({
  open,
  supplier,
  shippingMethods,
  onClose,
  onSaved,
}: {
  open: boolean;
  supplier: SupplierDto | null;
  shippingMethods: readonly ShippingMethodOptionDto[];
  onClose(): void;
  onSaved(saved: SupplierDto): void;
}) {
  const { toast } = useToast();
  const [values, setValues] = useState<SupplierFormValues>(EMPTY_SUPPLIER_FORM);
  const [errors, setErrors] = useState<Partial<Record<SupplierField, string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(supplier ? fromSupplier(supplier) : EMPTY_SUPPLIER_FORM);
    setErrors({});
  }, [open, supplier]);

  const submit = async () => {
    const found = supplierFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = supplier
        ? await callApi(AUTOMATIONS_API.updateSupplier, { params: { id: supplier.id }, body: values })
        : await callApi(AUTOMATIONS_API.createSupplier, { body: values });
      toast({ title: ADMIN_MSG.successTitle, description: supplier ? SUPPLIER_MSG.updated : SUPPLIER_MSG.created });
      onSaved(saved);
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof ApiError && error.field && error.field in SUPPLIER_MSG.labels)
        setErrors({ [error.field]: message });
      toast({
        variant: 'destructive',
        title: error instanceof ApiError && error.title ? error.title : 'Errore',
        description: SUPPLIER_MSG.saveFailed(message),
      });
    } finally {
      setBusy(false);
    }
  };

  const field = (
    key: SupplierField,
    extra: { required?: boolean; type?: string; hint?: string; autoComplete?: string; placeholder?: string } = {},
  ) => (
    <TextField
      label={SUPPLIER_MSG.labels[key]}
      value={values[key]}
      required={extra.required}
      type={extra.type}
      placeholder={extra.placeholder}
      autoComplete={extra.autoComplete ?? 'off'}
      onChange={(e) => {
        setValues((v) => ({ ...v, [key]: e.target.value }));
        setErrors((x) => ({ ...x, [key]: undefined }));
      }}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? extra.hint}
      slotProps={{ htmlInput: { 'data-testid': `supplier-${key}` } }}
    />
  );

  return (
    <FormDialog
      open={open}
      title={supplier ? SUPPLIER_MSG.editTitle : SUPPLIER_MSG.createTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {field('name', { required: true })}
      {field('domain_name', { hint: SUPPLIER_MSG.domainHint, placeholder: 'fornitore.it' })}
      {field('api_url', { type: 'url', placeholder: 'https://fornitore.it/api/scorte' })}
      {field('api_key', {
        type: 'password',
        autoComplete: 'new-password',
        hint: supplier?.has_api_key ? SUPPLIER_MSG.apiKeyKeepHint : SUPPLIER_MSG.apiKeyNewHint,
      })}
      {field('notification_email', { type: 'email', hint: SUPPLIER_MSG.notificationHint })}
      <TextField
        select
        label={SUPPLIER_MSG.labels.default_shipping_method_id}
        value={values.default_shipping_method_id}
        onChange={(e) => {
          setValues((v) => ({ ...v, default_shipping_method_id: e.target.value }));
          setErrors((x) => ({ ...x, default_shipping_method_id: undefined }));
        }}
        error={Boolean(errors.default_shipping_method_id)}
        helperText={errors.default_shipping_method_id}
        slotProps={{ htmlInput: { 'data-testid': 'supplier-default_shipping_method_id' } }}
      >
        <MenuItem value="">{SUPPLIER_MSG.noShippingMethod}</MenuItem>
        {shippingMethods.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
