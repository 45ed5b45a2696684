/**
 * 'Importa un prodotto da URL' (the import URL rule and its toasts): the URL is checked
 * as the server checks it ('URL Mancante', 'URL non valido'); the server fetches the page, reads
 * the product and stores its images; the result shows the product with links to edit it and to
 * see it in the shop, or the reason the import failed ('Errore Importazione').
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import { AUTOMATIONS_API, type ImportResultDto } from '../../../../shared/api/admin-automations';
import { AUTOMATION_MSG } from '../../../../shared/messages/admin-automations';
import { importUrlProblem } from '../../../../shared/schemas/admin-automations';
import { formatEuro } from '../../../../shared/money';
import { Link as RouterLink } from 'react-router-dom';
import { callApi } from '../../api/client';
import { useToast } from '../../ui/toast';

type Outcome = { ok: true; result: ImportResultDto } | { ok: false; title: string; message: string } | null;

/** The import form and its last outcome. */
export function ImportPanel() {
  const { toast } = useToast();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = importUrlProblem(url);
    if (problem) {
      const title = problem === 'missing' ? AUTOMATION_MSG.urlMissingTitle : AUTOMATION_MSG.urlInvalidTitle;
      const message =
        problem === 'missing' ? AUTOMATION_MSG.urlMissing : AUTOMATION_MSG.urlInvalid(AUTOMATION_MSG.exampleHost);
      setFieldError(message);
      toast({ variant: 'destructive', title, description: message });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await callApi(AUTOMATIONS_API.importProduct, { body: { url: url.trim() } });
      const description = result.created
        ? AUTOMATION_MSG.importCreated(result.product.name)
        : AUTOMATION_MSG.importUpdated(result.product.name);
      toast({ title: AUTOMATION_MSG.importDoneTitle, description });
      setOutcome({ ok: true, result });
    } catch (error) {
      const message = (error as Error).message;
      toast({ variant: 'destructive', title: AUTOMATION_MSG.importErrorTitle, description: message });
      setOutcome({ ok: false, title: AUTOMATION_MSG.importErrorTitle, message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
      component="section"
      aria-labelledby="import-title"
    >
      <Typography id="import-title" component="h2" variant="h6">
        {AUTOMATION_MSG.importTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>{AUTOMATION_MSG.importHint}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={AUTOMATION_MSG.urlLabel}
          placeholder={`${AUTOMATION_MSG.exampleHost}/prodotto`}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setFieldError(null);
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? ' '}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', 'data-testid': 'import-url' } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <CloudDownloadOutlined />}
          sx={{ whiteSpace: 'nowrap', minHeight: 56, px: 3 }}
        >
          {busy ? AUTOMATION_MSG.importing : AUTOMATION_MSG.importButton}
        </Button>
      </Box>
      {outcome && !outcome.ok && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="import-error">
          <AlertTitle>{outcome.title}</AlertTitle>
          {outcome.message}
        </Alert>
      )}
      {outcome?.ok && <ImportedProduct result={outcome.result} />}
    </Paper>
  );
}

/** The product an import created or updated. */
function ImportedProduct({ result }: { result: ImportResultDto }) {
  const p = result.product;
  return (
    <Alert severity="success" icon={false} sx={{ mt: 1, alignItems: 'flex-start' }} data-testid="import-result">
      <AlertTitle>{AUTOMATION_MSG.importDoneTitle}</AlertTitle>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {p.image_url && (
          <Box
            component="img"
            src={p.image_url}
            alt={p.name}
            sx={{
              width: 96,
              height: 96,
              objectFit: 'cover',
              borderRadius: 1.5,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="import-result-name">
            {p.name}
          </Typography>
          <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatEuro(p.price_cents)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[
              result.created ? AUTOMATION_MSG.importCreated(p.name) : AUTOMATION_MSG.importUpdated(p.name),
              result.supplier ? `${AUTOMATION_MSG.linkedTo(result.supplier.name)}.` : AUTOMATION_MSG.notLinked,
              `${AUTOMATION_MSG.imagesSaved(p.images.length)}.`,
            ].join(' ')}
          </Typography>
          {result.stock && (
            <Typography
              variant="body2"
              data-testid="import-result-stock"
              data-rule={result.stock.rule}
              sx={{ mt: 0.5, fontWeight: 600, color: result.stock.quantity > 0 ? 'text.primary' : 'warning.main' }}
            >
              {result.stock.note}
            </Typography>
          )}
          {result.warnings.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'warning.main' }}>
              {result.warnings.map((w) => (
                <Typography component="li" variant="body2" key={w}>
                  {w}
                </Typography>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={`/admin/products?edit=${encodeURIComponent(p.id)}`}
              sx={{ fontWeight: 700 }}
            >
              {AUTOMATION_MSG.editProduct}
            </Link>
            <Link component={RouterLink} to={`/product/${encodeURIComponent(p.id)}`}>
              {AUTOMATION_MSG.viewInShop}
            </Link>
          </Box>
        </Box>
      </Box>
    </Alert>
  );
}
