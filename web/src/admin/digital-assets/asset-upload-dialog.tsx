import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { ADMIN_CATALOG_API } from '../../../../shared/api/admin-catalog';
import { ASSET_UPLOAD_MAX_BYTES } from '../../../../shared/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { callApi } from '../../api/client';
import { useToast } from '../../ui/toast';
import { FormDialog } from '../ui/form-dialog';
import { baseName, formatBytes } from '../ui/format';
import { uploadToSlot } from '../ui/upload';
import { failureToast } from '../ui/use-admin-action';

const T = CATALOG_ADMIN_TEXT.assets;

/**
 * Upload of a digital asset (the asset upload rule: name and file required, 'Campi mancanti'; the
 * name defaults to the file name without extension): the file goes straight to the private bucket
 * by presigned POST with a progress bar, then the record is created.
 */
export function AssetUploadDialog({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (!name.trim() || !file) {
      toast({ variant: 'destructive', title: T.missingTitle, description: T.missingBody });
      return;
    }
    if (file.size > ASSET_UPLOAD_MAX_BYTES) {
      toast({ variant: 'destructive', title: T.uploadError(file.name), description: T.tooLarge });
      return;
    }
    setBusy(true);
    try {
      const slot = await callApi(ADMIN_CATALOG_API.assetUpload, {
        body: {
          name: name.trim(),
          file_name: file.name,
          content_type: file.type || 'application/octet-stream',
          size: file.size,
        },
      }).catch((error: unknown) => {
        toast({ variant: 'destructive', ...failureToast('save', error) });
        return null;
      });
      if (!slot) return;
      setProgress(0);
      try {
        await uploadToSlot(slot, file, setProgress);
      } catch (error) {
        toast({ variant: 'destructive', title: T.uploadError(file.name), description: (error as Error).message });
        return;
      }
      try {
        await callApi(ADMIN_CATALOG_API.createAsset, { body: { name: name.trim(), file_path: slot.key } });
      } catch (error) {
        toast({ variant: 'destructive', ...failureToast('save', error) });
        return;
      }
      toast({ title: ADMIN_MSG.successTitle, description: T.uploaded });
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={T.uploadTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={T.submit}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {T.chooseFile}
        </Button>
        <Typography
          sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
          data-testid="asset-file-name"
        >
          {file ? `${file.name} · ${formatBytes(file.size)}` : T.noFile}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="asset-file-input"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            setFile(picked);
            if (picked && !name.trim()) setName(baseName(picked.name));
          }}
        />
      </Box>
      <TextField
        label={T.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={`${file?.name ?? ''} ${Math.round(progress * 100)}%`}
        />
      )}
    </FormDialog>
  );
}
