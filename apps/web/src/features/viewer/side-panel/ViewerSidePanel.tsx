/**
 * The side panel with the viewer's modes (spec 2 §2, spec 3 §2): the slide list, the QC metadata and the
 * annotation set of the active slide; the results tab says it is not available yet (its issue builds it).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSlideDetails } from '../../../api/slide-viewer.ts';
import { QcPanel } from '../qc/QcPanel.tsx';
import { AnnotationsTab, type ShownSetChoice } from '../annotations/index.ts';
import type { ViewerNavigation } from '../viewer-actions.ts';
import { SidePanel } from './SidePanel.tsx';
import { SlidesTab } from './SlidesTab.tsx';

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
  return (
    <SidePanel
      renderMode={(mode) => {
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
      }}
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
