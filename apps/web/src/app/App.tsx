/**
 * The web app: providers (theme, queries, notifications, router, sign-in, app state) and the route
 * table of spec 1 §2. /login lives outside the shell; everything else needs a signed-in user, and an
 * unknown path anywhere answers 'Invalid URL'.
 */
import { useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createQueryClient } from '../api/queries.ts';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { HelpPage } from '../features/help/HelpPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { LandingPage } from '../features/projects/LandingPage.tsx';
import { ProjectLayout } from '../features/projects/ProjectLayout.tsx';
import { ProjectSlidesPage } from '../features/projects/ProjectSlidesPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { AppShell } from '../features/shell/AppShell.tsx';
import { InvalidUrlPage } from '../features/shell/InvalidUrlPage.tsx';
import { ScreenErrorBoundary } from '../features/shell/ScreenErrorBoundary.tsx';
import { AppStateGate } from './app-state/AppStateGate.tsx';
import { AuthProvider, LOGIN_PATH, RequireAuth } from './auth.tsx';
import { BusyIndicator } from './BusyIndicator.tsx';
import { NotifyProvider } from './notify.tsx';
import { theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
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

/** The routes; the outer boundary catches what fails outside a signed-in page (sign-in, the navbar). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
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
            <Route path="*" element={<InvalidUrlPage />} />
          </Route>
          <Route path="*" element={<InvalidUrlPage />} />
        </Route>
      </Routes>
    </ScreenErrorBoundary>
  );
}
