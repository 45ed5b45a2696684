import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { NEWSLETTER_API } from '../../../shared/api/newsletter';
import { NEWSLETTER_MSG } from '../../../shared/newsletter';
import { ApiError, callApi } from '../api/client';
import { OutcomePanel } from '../ui/outcome-panel';
import { useDocumentTitle } from '../ui/use-document-title';

const KINDS = {
  confirm: {
    title: NEWSLETTER_MSG.confirmTitle,
    intro: "Conferma di voler ricevere la newsletter di Aurum Fitness: un clic e l'iscrizione è attiva.",
    button: NEWSLETTER_MSG.confirmTitle,
    busy: NEWSLETTER_MSG.confirming,
    done: NEWSLETTER_MSG.confirmed,
    route: NEWSLETTER_API.confirm,
  },
  unsubscribe: {
    title: NEWSLETTER_MSG.unsubscribeTitle,
    intro: 'Vuoi smettere di ricevere la newsletter di Aurum Fitness?',
    button: NEWSLETTER_MSG.unsubscribeTitle,
    busy: NEWSLETTER_MSG.unsubscribing,
    done: NEWSLETTER_MSG.unsubscribed,
    route: NEWSLETTER_API.unsubscribe,
  },
} as const;

/**
 * /newsletter/conferma and /newsletter/disiscrizione: the pages the newsletter's emails link to,
 * with the token of the link. The action waits for the visitor's click (a mail scanner opening
 * the link must not confirm or end a subscription), then calls the API and shows its outcome.
 */
export function NewsletterPage({ kind }: { kind: keyof typeof KINDS }) {
  const k = KINDS[kind];
  useDocumentTitle(k.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: string | null }>({
    busy: false,
    done: false,
    error: token ? null : NEWSLETTER_MSG.badToken,
  });
  const act = () => {
    setState({ busy: true, done: false, error: null });
    callApi(k.route, { body: { token } })
      .then(() => setState({ busy: false, done: true, error: null }))
      .catch((e: unknown) =>
        setState({ busy: false, done: false, error: e instanceof ApiError ? e.message : NEWSLETTER_MSG.badToken }),
      );
  };
  return (
    <OutcomePanel
      testId={`newsletter-${kind}`}
      icon={<MarkEmailReadOutlined />}
      title={k.title}
      actions={
        state.done || state.error ? (
          <Button component={RouterLink} to="/" variant="outlined" size="large">
            {NEWSLETTER_MSG.backHome}
          </Button>
        ) : (
          <Button variant="contained" size="large" onClick={act} disabled={state.busy}>
            {state.busy ? k.busy : k.button}
          </Button>
        )
      }
    >
      <Typography role={state.done || state.error ? 'status' : undefined}>
        {state.done ? k.done : (state.error ?? k.intro)}
      </Typography>
    </OutcomePanel>
  );
}
