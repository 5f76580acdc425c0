/**
 * The signed-in frame: the navbar over the page of the current route, which fails alone
 * (ScreenErrorBoundary) and shows a spinner under the navbar while its chunk loads (app/screens.ts).
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { Navbar } from './Navbar.tsx';
import { isViewerPath } from '../projects/index.ts';
import { ScreenLoading } from '../../ui/PageMessage.tsx';
import { ScreenErrorBoundary } from '../../ui/ScreenErrorBoundary.tsx';

export function AppShell() {
  const { pathname } = useLocation();
  const isViewer = isViewerPath(pathname);
  // A new page starts at its top: the browser keeps the window's scroll position across client-side navigation.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return (
    <Box
      sx={{
        // The viewer fills the window below the navbar exactly; other pages grow and scroll.
        [isViewer ? 'height' : 'minHeight']: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Navbar />
      <Box
        component="main"
        sx={
          isViewer
            ? { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }
            : {
                flex: 1,
                width: '100%',
                maxWidth: 1280,
                mx: 'auto',
                px: { xs: 2, sm: 3, md: 4 },
                py: { xs: 3, md: 4 },
              }
        }
      >
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </Box>
    </Box>
  );
}
