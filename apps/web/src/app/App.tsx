/**
 * The web app: providers (theme, queries, notifications, router, sign-in, app state) and the route
 * table of spec 1 §2. /login lives outside the shell; everything else needs a signed-in user, and an
 * unknown path anywhere answers 'Invalid URL'.
 */
import { Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createQueryClient } from '../api/queries.ts';
import { ScreenErrorBoundary } from '../ui/ScreenErrorBoundary.tsx';
import { ScreenLoading } from '../ui/PageMessage.tsx';
import { AppStateGate } from './app-state/AppStateGate.tsx';
import { AuthProvider, LOGIN_PATH, RequireAuth } from './auth.tsx';
import { BusyIndicator } from './BusyIndicator.tsx';
import { NotifyProvider } from './notify.tsx';
import {
  AppShell,
  DashboardPage,
  HelpPage,
  InvalidUrlPage,
  LandingPage,
  LoginPage,
  ProfilePage,
  ProjectLayout,
  ProjectSlidesPage,
  SettingsPage,
  ViewerPage,
} from './screens.ts';
import { theme } from './theme.ts';
import { viewerPathParts } from './viewer-path.ts';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    const viewer = viewerPathParts(window.location.pathname);
    // A chunk of its own: the queries it names are the viewer's, not the sign-in page's.
    if (viewer)
      void import('../api/viewer-prefetch.ts').then((m) =>
        m.prefetchViewerData(client, viewer, window.location.search),
      );
    return client;
  });
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotifyProvider>
          <BrowserRouter>
            <AuthProvider>
              <AppStateGate>
                <BusyIndicator />
                <AppRoutes />
              </AppStateGate>
            </AuthProvider>
          </BrowserRouter>
        </NotifyProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/**
 * The routes; the outer boundary catches what fails outside a signed-in page (sign-in, the navbar), and
 * the outer Suspense shows a spinner while the sign-in page's or the shell's chunk loads (app/screens.ts).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<ScreenLoading />}>
        <Routes>
          <Route path={LOGIN_PATH} element={<LoginPage />} />
          <Route
            element={
              <RequireAuth>
                <AppShell />
              </RequireAuth>
            }
          >
            <Route index element={<LandingPage />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="help" element={<HelpPage />} />
            <Route path="projects/:projectId" element={<ProjectLayout />}>
              <Route index element={<Navigate to="slides" replace />} />
              <Route path="slides" element={<ProjectSlidesPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="slide/:slideId" element={<ViewerPage />} />
              <Route path="*" element={<InvalidUrlPage />} />
            </Route>
            <Route path="*" element={<InvalidUrlPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
