/**
 * /projects/{projectId}/slide/{slideId}: the slide viewer (spec 2 §2). Loads the slide's details,
 * shows 'Loading slide' until they arrive and 'Slide could not be found' (then returns to the slide
 * list) when the slide is missing; shows the image on a SlideMap with the control panel's commands, and
 * applies the deep link's `bbox`. The other query parameters (annotation_set_id, annotation_set_version,
 * annotation_id) stay in the URL for the annotation layer.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { parseBbox, VIEWER_MESSAGES } from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import { ApiError } from '../../api/client.ts';
import { messageOf } from '../../api/queries.ts';
import { tileUrlOf, useSlideDetails } from '../../api/slide-viewer.ts';
import { useNotify } from '../../app/notify.tsx';
import { PageLoading, PageMessage } from '../../ui/PageMessage.tsx';
import { projectSlidesPath, useCurrentProject } from '../projects/index.ts';
import type { SlideMap } from '../../viewer/slide-map.ts';
import { SlideMapView } from './SlideMapView.tsx';
import { slideTilesOf } from '../../viewer/slide-pyramid.ts';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { VIEWER_ACTIONS } from './viewer-actions.ts';
import { loadViewSettings, saveViewSettings, type ViewSettings } from './view-settings.ts';

/** After 'Slide could not be found' the viewer goes back to the slide list this much later. */
const NOT_FOUND_RETURN_MS = 3000;
const SLIDE_ID = /^[0-9a-f]{24}$/;

export function ViewerPage() {
  const { project } = useCurrentProject();
  const { slideId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const isWellFormed = SLIDE_ID.test(slideId);
  const details = useSlideDetails(project.id, slideId, isWellFormed);
  const slide = isWellFormed ? details.data : undefined;
  const [map, setMap] = useState<SlideMap | null>(null);
  const [magnification, setMagnification] = useState<number | null>(null);

  const backToSlides = useCallback(() => navigate(projectSlidesPath(project.id)), [navigate, project.id]);
  const isNotFound =
    !isWellFormed || (details.error instanceof ApiError && details.error.code === ERROR_CODES.slideNotFound);
  useEffect(() => {
    if (!isNotFound) return;
    notify(VIEWER_MESSAGES.slideNotFound(slideId), 'error');
    const timer = setTimeout(backToSlides, NOT_FOUND_RETURN_MS);
    return () => clearTimeout(timer);
  }, [isNotFound, slideId, notify, backToSlides]);

  // The deep link's box, once the map exists; a bad one is said and the whole image shown. By the
  // image's size, not its details object: a new answer of the polled details must not move the view.
  const bbox = search.get('bbox');
  const imageInfo = slide?.imageInfo;
  const [width, height] = [imageInfo?.size.w, imageInfo?.size.h];
  useEffect(() => {
    if (!map || bbox === null || width === undefined || height === undefined) return;
    const parsed = parseBbox(bbox, { w: width, h: height });
    if ('error' in parsed) notify(parsed.error, 'error');
    else map.showBox(parsed.box);
  }, [map, bbox, width, height, notify]);

  const fileName = slide?.fileName;
  const tileUrl = useMemo(
    () => (fileName !== undefined ? tileUrlOf(project.id, slideId, fileName) : null),
    [project.id, slideId, fileName],
  );
  const conversionStatus = slide?.conversionStatus;
  const optimizedTileLevels = slide?.imageInfo.optimizedTileLevels;
  const tileLevels = slide?.imageInfo.tileLevels;
  const tiles = useMemo(
    () =>
      conversionStatus && tileLevels
        ? slideTilesOf({
            conversionStatus,
            imageInfo: { tileLevels, optimizedTileLevels: optimizedTileLevels ?? null },
          })
        : null,
    [conversionStatus, tileLevels, optimizedTileLevels],
  );
  const [settings, setSettings] = useState(loadViewSettings);
  const changeSettings = (change: Partial<ViewSettings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    saveViewSettings(next);
  };
  const hasIccProfile = imageInfo?.attachments.some((a) => a.type === 'iccProfile') ?? false;
  const display = useMemo(
    () => ({
      isSmoothed: !settings.pixelPerfectModeOn,
      isIccApplied: settings.iccColorProfileOn && hasIccProfile,
    }),
    [settings, hasIccProfile],
  );
  const actions = VIEWER_ACTIONS.bind({ map, backToSlides, settings, changeSettings, hasIccProfile });

  if (isNotFound)
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
  if (details.isError)
    return (
      <PageMessage
        icon={<ImageNotSupportedOutlined />}
        title="The slide could not be loaded"
        description={messageOf(details.error)}
      />
    );
  if (!slide || !tileUrl || !tiles) return <PageLoading label={VIEWER_MESSAGES.loading} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <ViewerToolbar slide={slide} actions={actions} settings={settings} magnification={magnification} />
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <SlideMapView
          key={slide.id}
          imageInfo={slide.imageInfo}
          tiles={tiles}
          display={display}
          tileUrl={tileUrl}
          onMap={setMap}
          onViewChange={(view) => setMagnification(view.magnification)}
        />
      </Box>
    </Box>
  );
}
