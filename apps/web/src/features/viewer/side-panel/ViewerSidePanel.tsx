/**
 * The side panel with the viewer's modes (spec 2 §2, spec 3 §2): the slide list, the QC metadata and the
 * annotation set of the active slide; the results tab says it is not available yet (its issue builds it).
 *
 * The slide list and the QC metadata are grids (the slide table's, with its column model and editors):
 * they load when first shown, as screens do, since the panel starts closed (spec 2 §9) and a viewer's
 * first drawing should not wait for their code (`npm run bench -- annotation-render`).
 */
import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SidePanelMode } from '@tessera/domain';
import { useSlideDetails } from '../../../api/slide-viewer.ts';
import { lazyScreen } from '../../../ui/lazy-screen.ts';
import { AnnotationsTab, type ShownSetChoice } from '../annotations/index.ts';
import type { ViewerNavigation } from '../viewer-actions.ts';
import { SidePanel } from './SidePanel.tsx';

const SlidesTab = lazyScreen(() => import('./SlidesTab.tsx').then((m) => m.SlidesTab));
const QcPanel = lazyScreen(() => import('../qc/QcPanel.tsx').then((m) => m.QcPanel));

export function ViewerSidePanel({
  projectId,
  slideId,
  navigation,
  annotationSet,
  children,
}: {
  projectId: string;
  /** The active viewer's slide. */
  slideId: string;
  navigation: ViewerNavigation;
  /** The set the active viewer shows, and how to choose another (null until the viewer is known). */
  annotationSet: {
    /** The active viewer: the tab lists and selects through its tools. */
    viewerId: string;
    shown: ShownSetChoice;
    onChoose: (choice: ShownSetChoice) => void;
  } | null;
  children: ReactNode;
}) {
  // The active viewer asks for these details too: the same cached query.
  const details = useSlideDetails(projectId, slideId);
  const content = (mode: Exclude<SidePanelMode, 'none'>): ReactNode => {
    switch (mode) {
      case 'list':
        return (
          <SlidesTab
            projectId={projectId}
            slideId={slideId}
            blockId={details.isError ? null : details.data?.blockId}
            navigation={navigation}
          />
        );
      case 'qc':
        return <QcPanel key={slideId} projectId={projectId} slideId={slideId} />;
      case 'annotations':
        return annotationSet ? (
          <AnnotationsTab
            key={slideId}
            projectId={projectId}
            slideId={slideId}
            viewerId={annotationSet.viewerId}
            shown={annotationSet.shown}
            onChoose={annotationSet.onChoose}
          />
        ) : null;
      case 'results':
        return <NotYet text="Analysis results are not available in this version yet." />;
    }
  };
  return (
    <SidePanel
      renderMode={(mode) => (
        <Suspense fallback={<LinearProgress aria-label="Loading the panel" />}>{content(mode)}</Suspense>
      )}
    >
      {children}
    </SidePanel>
  );
}

function NotYet({ text }: { text: string }) {
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
