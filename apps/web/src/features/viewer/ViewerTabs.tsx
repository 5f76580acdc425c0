/**
 * The viewer's tabs (spec 2 §2 "Layout"): one tab per slide in a flexlayout-react layout — tabs drag,
 * dock beside each other and resize — titled 'Loading...' until the slide is loaded, then by its file
 * name (or id), with its assays as the tooltip. The address names the active slide: opening one (the
 * slide table, previous/next) switches to its tab when open or replaces the active tab's slide; choosing
 * a tab puts its slide in the address. Closing the last tab is ignored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Actions, Layout, TabNode, type Action, type ITabRenderValues, type Model } from 'flexlayout-react';
import 'flexlayout-react/style/light.css';
import Box from '@mui/material/Box';
import { activeViewerOf, appendSlide, openSlide, removeSlide } from '@tessera/domain';
import { viewerPath } from '../projects/index.ts';
import { ViewerSidePanel } from './side-panel/ViewerSidePanel.tsx';
import { SlideViewer } from './SlideViewer.tsx';
import { useTabTitles } from './tab-titles.ts';
import { LandmarkTabIcon, useViewerSync, ViewerSyncContext } from './sync/index.ts';
import {
  applyOpenSlides,
  changeTabState,
  newLayout,
  openSlidesOfModel,
  restoreLayout,
  saveLayout,
  tabConfigOf,
} from './viewer-layout.ts';
import type { ViewerNavigation } from './viewer-actions.ts';
import {
  ViewerAnnotationsContext,
  ViewerAnnotationsStore,
  type AnnotationSetParam,
  type ShownSetChoice,
} from './annotations/index.ts';
import { loadViewSettings, saveViewSettings, type ViewSettings } from './view-settings.ts';

export function ViewerTabs({
  projectId,
  slideId,
  bbox,
  annotationSetParam,
  backToSlides,
  onNotFound,
}: {
  projectId: string;
  slideId: string;
  bbox: string | null;
  /** The deep link's annotation set and version, for the viewer of the address's slide. */
  annotationSetParam: AnnotationSetParam;
  backToSlides: () => void;
  onNotFound: (slideId: string) => void;
}) {
  const navigate = useNavigate();
  const [model] = useState<Model>(() => restoreLayout(projectId) ?? newLayout(slideId));
  // Sync between open slides and landmarks (sync/): page-level, shared by every tab.
  const sync = useViewerSync(projectId, model);
  const [annotationsStore] = useState(() => new ViewerAnnotationsStore());
  useTabTitles(projectId, model);
  const [settings, setSettings] = useState(loadViewSettings);
  const changeSettings = useCallback((change: Partial<ViewSettings>) => {
    setSettings((now) => {
      const next = { ...now, ...change };
      saveViewSettings(next);
      return next;
    });
  }, []);

  // The address's slide is the active one: open it (switch to its tab, or show it in the active tab).
  // The model's changes then compare the active slide with this address, not the one before.
  const addressSlide = useRef(slideId);
  useEffect(() => {
    addressSlide.current = slideId;
    applyOpenSlides(model, openSlide(openSlidesOfModel(model), slideId));
  }, [model, slideId]);

  // The active tab's slide goes into the address (no history entry: choosing a tab is not a page).
  // flexlayout redraws a tab's content on a change of this component, not of a tab's config.
  const [, setRevision] = useState(0);
  const onModelChange = (changed: Model) => {
    setRevision((n) => n + 1);
    saveLayout(projectId, changed);
    const active = activeViewerOf(openSlidesOfModel(changed));
    if (active && active.slideId && active.slideId !== addressSlide.current)
      void navigate(viewerPath(projectId, active.slideId), { replace: true });
  };

  // Closing a tab follows the domain's rule: never the last one; the active one hands over to a neighbour.
  const onAction = (action: Action): Action | undefined => {
    if (action.type !== Actions.DELETE_TAB) return action;
    const slides = openSlidesOfModel(model);
    const change = removeSlide(
      slides,
      slides.viewers.findIndex((v) => v.viewerId === action.data.node),
    );
    if ('error' in change) console.warn(change.error);
    else applyOpenSlides(model, change.slides);
    return undefined;
  };

  const navigationOf = (viewerId: string): ViewerNavigation => ({
    backToSlides,
    replaceSlide: (id) => {
      model.doAction(Actions.selectTab(viewerId));
      void navigate(viewerPath(projectId, id));
    },
    appendSlide: (id) => applyOpenSlides(model, appendSlide(openSlidesOfModel(model), id)),
  });

  const viewerOf = (node: TabNode) => {
    const config = tabConfigOf(node);
    if (!config) return null;
    const viewerId = node.getId();
    return (
      <SlideViewer
        key={config.slideId}
        viewerId={viewerId}
        isActive={config.slideId === slideId}
        projectId={projectId}
        slideId={config.slideId}
        tabState={config}
        changeTabState={(change) => changeTabState(model, viewerId, change)}
        bbox={config.slideId === slideId ? bbox : null}
        annotationSetParam={config.slideId === slideId ? annotationSetParam : null}
        settings={settings}
        changeSettings={changeSettings}
        navigation={navigationOf(viewerId)}
        onNotFound={onNotFound}
      />
    );
  };

  // Each viewer's element says its load status (spec 2 §4 "Viewer load"): tests wait for 'succeeded'.
  const factory = (node: TabNode) => (
    <Box
      data-viewer-id={node.getId()}
      data-load-status={sync.loadStatusOf(node.getId())}
      sx={{ height: '100%' }}
    >
      {viewerOf(node)}
    </Box>
  );

  // Spec 2 §2: each tab's landmark icon, in its block's colour, mirrored when the slide is flipped.
  const onRenderTab = (node: TabNode, values: ITabRenderValues) => {
    const icon = sync.iconOf(node.getId());
    if (icon) values.leading = <LandmarkTabIcon color={icon.color} isFlipped={icon.isFlipped} />;
  };

  // The side panel acts on the active viewer: its slide, its place.
  const sidePanelNavigation: ViewerNavigation = {
    backToSlides,
    replaceSlide: (id) => void navigate(viewerPath(projectId, id)),
    appendSlide: (id) => applyOpenSlides(model, appendSlide(openSlidesOfModel(model), id)),
  };
  // The Annotations tab chooses the set of the active viewer.
  const active = activeViewerOf(openSlidesOfModel(model));
  const activeNode = active ? model.getNodeById(active.viewerId) : undefined;
  const activeConfig = activeNode instanceof TabNode ? tabConfigOf(activeNode) : undefined;
  const annotationSet = activeConfig
    ? {
        viewerId: active!.viewerId,
        shown: { setId: activeConfig.annotationSetId, version: activeConfig.annotationSetVersion },
        onChoose: ({ setId, version }: ShownSetChoice) =>
          changeTabState(model, active!.viewerId, { annotationSetId: setId, annotationSetVersion: version }),
      }
    : null;
  return (
    <ViewerAnnotationsContext value={annotationsStore}>
      <ViewerSidePanel
        projectId={projectId}
        slideId={slideId}
        navigation={sidePanelNavigation}
        annotationSet={annotationSet}
      >
        <Box
          sx={{
            position: 'relative',
            flex: 1,
            minHeight: 0,
            // The layout in the app's type and colours.
            '& .flexlayout__layout': { fontFamily: 'inherit' },
            '& .flexlayout__tab_button--selected': { color: 'primary.main' },
          }}
        >
          <ViewerSyncContext value={sync.context}>
            <Layout
              model={model}
              factory={factory}
              onModelChange={onModelChange}
              onAction={onAction}
              onRenderTab={onRenderTab}
            />
          </ViewerSyncContext>
        </Box>
      </ViewerSidePanel>
    </ViewerAnnotationsContext>
  );
}
