/**
 * One viewer (one tab, spec 2 §2): loads its slide's details, shows 'Loading slide' until they arrive
 * and 'Slide could not be found' when the slide is missing (the page then returns to the slide list);
 * shows the image on a SlideMap under its control panel, and applies the deep link's `bbox` when it
 * shows the slide of the address.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import {
  ANNOTATIONS_CROWDED,
  neighboursOf,
  parseBbox,
  VIEWER_MESSAGES,
  type PixelBox,
} from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import { isTextEntry, performKey } from '../../actions/action.ts';
import { ApiError, fetchBytes } from '../../api/client.ts';
import { messageOf } from '../../api/queries.ts';
import { useSlideList } from '../../api/slide-list.ts';
import { channelTileUrlOf, tileUrlOf, useSlideDetails } from '../../api/slide-viewer.ts';
import type { ChannelSource } from '../../viewer/channel-layer.ts';
import { useNotify } from '../../app/notify.tsx';
import { PageLoading, PageMessage } from '../../ui/PageMessage.tsx';
import type { MapView, SlideMap, TileUrl } from '../../viewer/slide-map.ts';
import { slideTilesOf } from '../../viewer/slide-pyramid.ts';
import { EqualizationPanel } from './equalization/index.ts';
import { ChannelGrid } from './fluorescence/ChannelGrid.tsx';
import { useFluorescence } from './fluorescence/use-fluorescence.ts';
import { SlideMapView } from './SlideMapView.tsx';
import { SyncPanel, useSyncedMap } from './sync/index.ts';
import {
  AnnotationMenu,
  AnnotationToolButtons,
  ToolOptions,
  useAnnotationLayers,
  useAnnotationDeepLink,
  useAnnotationTools,
  useViewerAnnotationsStore,
  type AnnotationSetParam,
} from './annotations/index.ts';
import { useCurrentProject } from '../projects/index.ts';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { VIEWER_ACTIONS, type ViewerNavigation } from './viewer-actions.ts';
import type { ViewSettings } from './view-settings.ts';
import type { ViewerTabState } from './viewer-layout.ts';

export interface SlideViewerProps {
  /** The tab's viewer id (spec 2 §3 "Per-viewer state"): its map registers for sync under it. */
  viewerId: string;
  /** Its slide is the active one (the address's): a viewer that stops being it returns to Selection. */
  isActive: boolean;
  projectId: string;
  slideId: string;
  /** The viewer's own state, kept with its tab: its flip (spec 2 §4 "Flip"), whether it shows annotations. */
  tabState: ViewerTabState;
  changeTabState: (change: Partial<ViewerTabState>) => void;
  /** The deep link's bbox, for the viewer of the address's slide; null otherwise. */
  bbox: string | null;
  /** The deep link's annotation set, for the viewer of the address's slide; null otherwise. */
  annotationSetParam: AnnotationSetParam | null;
  settings: ViewSettings;
  changeSettings: (change: Partial<ViewSettings>) => void;
  navigation: ViewerNavigation;
  onNotFound: (slideId: string) => void;
}

export function SlideViewer(props: SlideViewerProps) {
  const { projectId, slideId, tabState, changeTabState, bbox, settings, changeSettings, navigation } = props;
  const { isFlipped } = tabState;
  const { onNotFound, viewerId } = props;
  const notify = useNotify();
  const details = useSlideDetails(projectId, slideId);
  const slide = details.data;
  const [map, setMap] = useState<SlideMap | null>(null);
  const [magnification, setMagnification] = useState<number | null>(null);
  useSyncedMap(viewerId, map);
  const annotations = useAnnotationLayers({
    map,
    projectId,
    slideId,
    tabState,
    changeTabState,
    settings,
    param: props.annotationSetParam,
  });
  const { permissions } = useCurrentProject();
  const tools = useAnnotationTools({
    map,
    layers: annotations.layers,
    projectId,
    slideId,
    setId: tabState.annotationSetId,
    version: tabState.annotationSetVersion,
    annotationsVisible: tabState.annotationsVisible,
    showAnnotations: () => changeTabState({ annotationsVisible: true }),
    canManage: permissions.has('annotationsManage'),
    classes: annotations.classMap,
    markerSize: annotations.markerSize,
    setMarkerSize: (size) => changeTabState({ cellMarkerSize: size }),
    isActive: props.isActive,
  });

  const isNotFound = details.error instanceof ApiError && details.error.code === ERROR_CODES.slideNotFound;
  useEffect(() => {
    if (isNotFound) onNotFound(slideId);
  }, [isNotFound, slideId, onNotFound]);

  // The deep link's box, once the map exists; a bad one is said and the whole image shown. By the
  // image's size, not its details object: a new answer of the polled details must not move the view.
  // A new map of the same slide (channels split or combined) shows what the last one showed.
  const imageInfo = slide?.imageInfo;
  const [width, height] = [imageInfo?.size.w, imageInfo?.size.h];
  const shownBox = useRef<PixelBox | null>(null);
  const appliedBbox = useRef<string | null>(null);
  useEffect(() => {
    if (!map || width === undefined || height === undefined) return;
    if (bbox !== null && bbox !== appliedBbox.current) {
      appliedBbox.current = bbox;
      const parsed = parseBbox(bbox, { w: width, h: height });
      if ('error' in parsed) notify(parsed.error, 'error');
      else map.showBox(parsed.box);
    } else if (shownBox.current) map.showBox(shownBox.current);
  }, [map, bbox, width, height, notify]);

  // The slide list (up to 10,000 ids, for previous/next) is read once the image is first drawn: until
  // then it would compete with the first tiles for the server.
  const [isDrawn, setDrawn] = useState(false);
  // Drawn, the map takes the keyboard unless the user is already somewhere: the viewer's keys
  // (Alt+A and the others, the map's arrows) then work without a click first.
  useEffect(
    () =>
      map?.onceDrawn(() => {
        setDrawn(true);
        if (document.activeElement === document.body) map.focus();
      }),
    [map],
  );
  const list = useSlideList(projectId, slide?.blockId, isDrawn);
  const fluorescence = useFluorescence(projectId, slideId, slide, list.data);
  const fileName = slide?.fileName;
  // A new function per render is fine: the map compares tile URLs by their key (the equalization).
  const tileUrlOfKey = (key: string): TileUrl => tileUrlOf(projectId, slideId, fileName ?? '', key);
  const channelLayout = fluorescence.channelLayout;
  const channels = useMemo(
    (): ChannelSource | undefined =>
      channelLayout
        ? {
            layout: channelLayout,
            url: channelTileUrlOf(projectId, slideId, fileName ?? ''),
            fetchBytes,
          }
        : undefined,
    [channelLayout, projectId, slideId, fileName],
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
  const hasIccProfile = imageInfo?.attachments.some((a) => a.type === 'iccProfile') ?? false;
  const display = useMemo(
    () => ({
      isSmoothed: !settings.pixelPerfectModeOn,
      isIccApplied: settings.iccColorProfileOn && hasIccProfile,
      isFlipped,
    }),
    [settings, hasIccProfile, isFlipped],
  );
  const neighbours = useMemo(() => neighboursOf(list.data?.slideIds ?? [], slideId), [list.data, slideId]);
  const actions = VIEWER_ACTIONS.bind({
    map,
    navigation,
    neighbours,
    settings,
    changeSettings,
    hasIccProfile,
    tabState,
    changeTabState,
    fluorescence,
    tools,
  });
  useAnnotationDeepLink({
    map,
    layers: annotations.layers,
    set:
      tabState.annotationSetId === null
        ? null
        : {
            projectId,
            setId: tabState.annotationSetId,
            version: tabState.annotationSetVersion ?? undefined,
          },
    annotationId: props.annotationSetParam?.annotationId ?? null,
    select: tools.select,
  });
  // The side panel's Annotations tab lists and selects through this viewer's tools.
  const annotationsStore = useViewerAnnotationsStore();
  useEffect(() => {
    annotationsStore?.publish(viewerId, {
      selection: tools.selection,
      select: tools.select,
      selectedMarkerCounts: tools.selectedMarkerCounts,
      actions,
      revision: tools.revision,
      reload: annotations.reload,
      fixAnnotations: tools.fixAnnotations,
      showBox: (box) => map?.showBox(box),
    });
  });
  useEffect(() => () => annotationsStore?.publish(viewerId, null), [annotationsStore, viewerId]);

  if (isNotFound)
    return <PageMessage icon={<ImageNotSupportedOutlined />} title={VIEWER_MESSAGES.notFound} />;
  if (details.isError)
    return (
      <PageMessage
        icon={<ImageNotSupportedOutlined />}
        title="The slide could not be loaded"
        description={messageOf(details.error)}
      />
    );
  if (!slide || !tiles || !fluorescence.isReady) return <PageLoading label={VIEWER_MESSAGES.loading} />;
  const mapProps = {
    imageInfo: slide.imageInfo,
    tiles,
    display,
    onMap: setMap,
    onViewChange: (view: MapView) => {
      shownBox.current = view.box;
      setMagnification(view.magnification);
    },
  };
  const combinedKey = fluorescence.keyOf();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      // Spec 2 §2 keyboard shortcuts, for the viewer that has the focus (its map, its toolbar).
      onKeyDown={(event) => {
        if (!isTextEntry(event.target)) performKey(actions.list, event);
      }}
    >
      <ViewerToolbar
        slide={slide}
        actions={actions}
        settings={settings}
        onSettingsChange={changeSettings}
        tabState={tabState}
        magnification={magnification}
        annotationTools={
          <AnnotationToolButtons
            actions={actions}
            selectedMode={tools.selectedMode}
            isSnapOn={tools.settings.snapActive}
          />
        }
        sync={<SyncPanel />}
      />
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {fluorescence.isSplit ? (
          <ChannelGrid
            {...mapProps}
            channelNames={fluorescence.channelNames}
            tileUrlOf={tileUrlOfKey}
            keyOf={fluorescence.keyOf}
            channels={channels}
            equalizationOf={fluorescence.equalizationOf}
          />
        ) : (
          <SlideMapView
            {...mapProps}
            tileUrl={tileUrlOfKey(combinedKey)}
            tileUrlKey={combinedKey}
            channels={channels}
            equalization={fluorescence.equalizationOf()}
          />
        )}
        <ToolOptions tools={tools} />
        <AnnotationMenu tools={tools} actions={actions} classes={annotations.classMap} />
        {annotations.isCrowded && tabState.annotationsVisible && (
          <Chip
            className="map-overlay"
            size="small"
            color="warning"
            label={ANNOTATIONS_CROWDED}
            sx={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
          />
        )}
        {fluorescence.isPanelOpen && (
          <Box
            className="map-overlay"
            sx={{
              position: 'absolute',
              top: 8,
              right: 8,
              zIndex: 2,
              maxHeight: 'calc(100% - 16px)',
              display: 'flex',
            }}
          >
            <EqualizationPanel
              projectId={projectId}
              slideId={slideId}
              sameAssaySlideIds={fluorescence.sameAssaySlideIds}
              onPresetChange={fluorescence.onPresetChange}
              onClose={() => fluorescence.setPanelOpen(false)}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
