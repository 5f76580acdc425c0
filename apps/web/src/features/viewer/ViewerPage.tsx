/**
 * /projects/{projectId}/slide/{slideId}: the slide viewer (spec 2 §2). The address names the active
 * slide; the open slides are tabs (ViewerTabs). A slide that cannot be found is said, the viewer's state
 * reset, and the user taken back to the slide list. The deep link's query parameters stay in the URL:
 * `bbox` for the viewer of the address's slide, the annotation ones for the annotation layer.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { VIEWER_MESSAGES } from '@tessera/domain';
import { useNotify } from '../../app/notify.tsx';
import { PageMessage } from '../../ui/PageMessage.tsx';
import { projectSlidesPath, useCurrentProject } from '../projects/index.ts';
import { forgetLayout } from './viewer-layout.ts';
import { ViewerTabs } from './ViewerTabs.tsx';

/** After 'Slide could not be found' the viewer goes back to the slide list this much later. */
const NOT_FOUND_RETURN_MS = 3000;
const SLIDE_ID = /^[0-9a-f]{24}$/;

export function ViewerPage() {
  const { project } = useCurrentProject();
  const { slideId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [missing, setMissing] = useState<string | null>(SLIDE_ID.test(slideId) ? null : slideId);
  if (missing === null && !SLIDE_ID.test(slideId)) setMissing(slideId);

  const backToSlides = useCallback(() => navigate(projectSlidesPath(project.id)), [navigate, project.id]);
  useEffect(() => {
    if (missing === null) return;
    notify(VIEWER_MESSAGES.slideNotFound(missing), 'error');
    forgetLayout(project.id);
    const timer = setTimeout(backToSlides, NOT_FOUND_RETURN_MS);
    return () => clearTimeout(timer);
  }, [missing, project.id, notify, backToSlides]);

  if (missing !== null)
    return (
      <PageMessage
        icon={<ImageNotSupportedOutlined />}
        title={VIEWER_MESSAGES.notFound}
        description="Going back to the slide list."
        action={
          <Button variant="outlined" onClick={backToSlides}>
            Back to the slide list
          </Button>
        }
      />
    );
  return (
    <ViewerTabs
      key={project.id}
      projectId={project.id}
      slideId={slideId}
      bbox={search.get('bbox')}
      annotationSetParam={{
        setId: search.get('annotation_set_id'),
        version: search.get('annotation_set_version'),
        annotationId: search.get('annotation_id'),
      }}
      backToSlides={backToSlides}
      onNotFound={setMissing}
    />
  );
}
