import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { APP_ERROR_MSG } from '../../../shared/messages/app-errors';
import { isChunkLoadError, reloadOnceForStaleChunk } from './stale-chunk';

interface Props {
  children: ReactNode;
  /** Changing this value (e.g. the route's path) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: unknown;
  /** True while a stale-chunk reload is under way (render nothing meanwhile). */
  reloading: boolean;
}

/**
 * Catches a render or lazy-loading error below it and shows an Italian error page with 'Riprova'
 * (loads the page again) and a link home, instead of a blank page.
 * A chunk that fails to load (a deployment replaced it) first reloads the page once
 * (./stale-chunk.ts); only when it fails again is the page shown.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, reloading: false };

  /** Records the error so the next render shows the error page. */
  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  /** A stale chunk reloads once; every error is logged for the developer console. */
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[aurum] page error', error, info.componentStack);
    if (isChunkLoadError(error) && reloadOnceForStaleChunk()) this.setState({ reloading: true });
  }

  /** Clears the error when the reset key (the route) changes. */
  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, reloading: false });
  }

  /** 'Riprova': loads the page again (new chunks after a deploy, fresh data after a bad answer). */
  private retry = (): void => {
    window.location.reload();
  };

  override render(): ReactNode {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return null;
    const stale = isChunkLoadError(error);
    return (
      <Container
        maxWidth="sm"
        role="alert"
        data-testid="error-page"
        sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}
      >
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          {stale ? APP_ERROR_MSG.staleTitle : APP_ERROR_MSG.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>
          {stale ? APP_ERROR_MSG.staleBody : APP_ERROR_MSG.body}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" size="large" onClick={this.retry}>
            {APP_ERROR_MSG.retry}
          </Button>
          {/* A plain link: the router may be the part that failed. */}
          <Button href="/" variant="outlined" size="large">
            {APP_ERROR_MSG.home}
          </Button>
        </Box>
      </Container>
    );
  }
}
