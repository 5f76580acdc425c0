/**
 * What a screen shows when it throws while rendering: a message and a way back, never a blank app
 * (issue #10 point 11). React unmounts the whole tree on an error no boundary catches, so every route
 * renders inside one (AppShell around the signed-in pages, App around the rest). A boundary starts
 * over when its `resetKey` changes: the shell passes the path, so leaving the broken screen recovers.
 * A screen whose code cannot be fetched (ScreenLoadError, ui/lazy-screen.ts) is not broken: the tab
 * predates a redeploy or lost the connection, so the message asks for a reload instead.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { ScreenLoadError } from './lazy-screen.ts';
import { PageMessage } from './PageMessage.tsx';

export const SCREEN_ERROR_TITLE = 'This page stopped working';
export const SCREEN_LOAD_FAILED_TITLE = 'This page could not be loaded';

interface Props {
  children: ReactNode;
  /** A new value shows the children again (e.g. the location's path). */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for whoever opens the console: React logs the error, this adds where it happened.
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Box role="alert">
        <PageMessage
          icon={<ErrorOutline />}
          title={error instanceof ScreenLoadError ? SCREEN_LOAD_FAILED_TITLE : SCREEN_ERROR_TITLE}
          description={
            error instanceof ScreenLoadError ? (
              <>
                Tessera may have been updated since this tab was opened, or the connection was lost. Reload
                the page to load the current version. Your saved data is not affected.
              </>
            ) : (
              <>
                Something went wrong while showing it: <q>{error.message}</q>. Your saved data is not
                affected. Go back to the dashboard, or reload the page to try again.
              </>
            )
          }
          action={
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
              {/* A plain link, not the router's: the router may be what failed. */}
              <Button href="/dashboard" variant="outlined">
                Go to dashboard
              </Button>
              <Button variant="contained" onClick={() => window.location.reload()}>
                Reload page
              </Button>
            </Box>
          }
        />
      </Box>
    );
  }
}
