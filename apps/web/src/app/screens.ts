/**
 * The screens of the route table, each loaded lazily as its own chunk (issue #11 point 7): a page
 * downloads the code of the screens it shows and no other. Each is imported by its own file, never
 * through its feature's entry (features/<name>/index.ts): an entry holds what other features share and
 * never a screen, so the router is the one place that reaches screens, and a screen's chunk holds only
 * that screen and what it imports.
 *
 * Nested routes load one after the other (the shell, then the project frame, then its tab) on a first
 * visit; each later visit reuses the chunks, and the browser caches them for good (hashed names).
 */
import { lazyScreen } from '../ui/lazy-screen.ts';
import { isViewerPath } from './viewer-path.ts';

export const LoginPage = lazyScreen(() => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage));
export const AppShell = lazyScreen(() => import('../features/shell/AppShell.tsx').then((m) => m.AppShell));
export const InvalidUrlPage = lazyScreen(() =>
  import('../features/shell/InvalidUrlPage.tsx').then((m) => m.InvalidUrlPage),
);
export const LandingPage = lazyScreen(() =>
  import('../features/projects/LandingPage.tsx').then((m) => m.LandingPage),
);
export const DashboardPage = lazyScreen(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage),
);
export const ProfilePage = lazyScreen(() =>
  import('../features/profile/ProfilePage.tsx').then((m) => m.ProfilePage),
);
export const HelpPage = lazyScreen(() => import('../features/help/HelpPage.tsx').then((m) => m.HelpPage));
export const ProjectLayout = lazyScreen(() =>
  import('../features/projects/ProjectLayout.tsx').then((m) => m.ProjectLayout),
);
export const ProjectSlidesPage = lazyScreen(() =>
  import('../features/projects/ProjectSlidesPage.tsx').then((m) => m.ProjectSlidesPage),
);
export const ViewerPage = lazyScreen(() =>
  import('../features/viewer/ViewerPage.tsx').then((m) => m.ViewerPage),
);
export const SettingsPage = lazyScreen(() =>
  import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage),
);

/**
 * Starts loading, all at once, the nested screens a deep link into the viewer renders one inside the
 * other (shell, project frame, viewer): rendered in turn, each would wait for the one around it.
 */
export function preloadScreensOf(pathname: string): void {
  if (!isViewerPath(pathname)) return;
  for (const screen of [AppShell, ProjectLayout, ViewerPage]) void screen.preload();
}
