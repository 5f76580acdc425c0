/**
 * The viewer's tabs as a flexlayout-react model (spec 2 §2 "Layout"): one tab per viewer, its node id
 * the viewer id and its config the slide and the viewer's own state (its flip, whether it shows annotations and which set).
 * The rules of opening, switching and
 * removing are the domain's (viewer-tabs.ts) over the tabs in layout order; this module reads that state
 * out of the model and writes the answer back, and keeps the layout per project in this browser so it
 * is restored when the user comes back to the viewer.
 */
import { Actions, DockLocation, Model, TabNode, type IJsonModel } from 'flexlayout-react';
import { z } from 'zod';
import { CELL_MARKER_SIZE, isViewerId, openSlidesOf, type OpenSlides } from '@tessera/domain';

export const SLIDE_TAB = 'slide';
/** Spec 2 §2: the tab reads this until its slide is loaded. */
export const LOADING_TITLE = 'Loading...';

const TabConfig = z.object({
  slideId: z.string().regex(/^[0-9a-f]{24}$/),
  isFlipped: z.boolean().catch(false),
  /** Spec 2 §3 annotationsConfig.annotationsVisible: shown unless this viewer hides them. */
  annotationsVisible: z.boolean().catch(true),
  /** Spec 2 §3 annotationsConfig.annotationSetId: the set this viewer shows, none at first. */
  annotationSetId: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .nullable()
    .catch(null),
  /** Spec 2 §3 annotationsConfig.annotationSetVersion: a version of it, or null for its working state. */
  annotationSetVersion: z.number().int().positive().nullable().catch(null),
  /** Spec 2 §3 cmaSettings.cellMarkerSize: this viewer's marker size (3–30), or null for the project's. */
  cellMarkerSize: z.number().int().min(CELL_MARKER_SIZE.min).max(CELL_MARKER_SIZE.max).nullable().catch(null),
});
export type TabConfig = z.infer<typeof TabConfig>;
/** A viewer's own state, kept with its tab (spec 2 §3 "Per-viewer state"): a new slide in the tab starts afresh. */
export type ViewerTabState = Omit<TabConfig, 'slideId'>;

/** What the viewer offers of flexlayout: tabs that drag and dock, no renaming, pop-outs, floats or pins. */
const GLOBAL: IJsonModel['global'] = {
  tabEnableRename: false,
  tabEnablePopout: false,
  tabEnableFloat: false,
  tabEnablePin: false,
  tabSetEnableTabGroups: false,
  tabSetMinWidth: 240,
  tabSetMinHeight: 160,
};

const tabJson = (viewerId: string, config: TabConfig) => ({
  type: 'tab' as const,
  id: viewerId,
  component: SLIDE_TAB,
  name: LOADING_TITLE,
  config,
});

/** A layout of one tab (the first viewer) showing this slide. */
export function newLayout(slideId: string): Model {
  const { viewers } = openSlidesOf(slideId);
  return Model.fromJson({
    global: GLOBAL,
    layout: {
      type: 'row',
      children: [{ type: 'tabset', children: viewers.map((v) => tabJson(v.viewerId, configOf(v.slideId))) }],
    },
  });
}

const configOf = (slideId: string): TabConfig => ({
  slideId,
  isFlipped: false,
  annotationsVisible: true,
  annotationSetId: null,
  annotationSetVersion: null,
  cellMarkerSize: null,
});

/** Changes a viewer's own state in its tab's config (a change to what it already is does nothing). */
export function changeTabState(model: Model, viewerId: string, change: Partial<ViewerTabState>): void {
  const tab = model.getNodeById(viewerId);
  const config = tab instanceof TabNode ? tabConfigOf(tab) : undefined;
  if (!config || Object.entries(change).every(([key, value]) => config[key as keyof TabConfig] === value))
    return;
  model.doAction(Actions.updateNodeAttributes(viewerId, { config: { ...config, ...change } }));
}

/** A tab's config; a tab of another kind or with a config not of this version gives undefined. */
export function tabConfigOf(node: TabNode): TabConfig | undefined {
  const parsed = TabConfig.safeParse(node.getConfig());
  return node.getComponent() === SLIDE_TAB && isViewerId(node.getId()) && parsed.success
    ? parsed.data
    : undefined;
}

function slideTabsOf(model: Model): TabNode[] {
  const tabs: TabNode[] = [];
  model.visitNodes((node) => {
    if (node instanceof TabNode) tabs.push(node);
  });
  return tabs;
}

/** The open slides in layout order, the active one the selected tab of the active tab set. */
export function openSlidesOfModel(model: Model): OpenSlides {
  const tabs = slideTabsOf(model);
  const viewers = tabs.map((t) => ({ viewerId: t.getId(), slideId: tabConfigOf(t)?.slideId ?? '' }));
  const tabset = model.getActiveTabset() ?? model.getFirstTabSet();
  const selected = tabset?.getSelectedNode();
  const activeIndex = Math.max(
    0,
    tabs.findIndex((t) => t === selected),
  );
  return { viewers, activeIndex };
}

/**
 * Makes the model show `next`: removes the viewers it lacks, gives the viewers that stay their new slide
 * (a replaced slide's tab reads 'Loading...' again), adds the new ones to the active tab set, and selects
 * the active one.
 */
export function applyOpenSlides(model: Model, next: OpenSlides): void {
  const now = new Map(slideTabsOf(model).map((t) => [t.getId(), t]));
  const kept = new Set(next.viewers.map((v) => v.viewerId));
  for (const id of now.keys()) if (!kept.has(id)) model.doAction(Actions.deleteTab(id));
  for (const viewer of next.viewers) {
    const tab = now.get(viewer.viewerId);
    if (!tab) {
      const tabset = model.getActiveTabset() ?? model.getFirstTabSet();
      if (tabset)
        model.doAction(
          Actions.addNode(
            tabJson(viewer.viewerId, configOf(viewer.slideId)),
            tabset.getId(),
            DockLocation.CENTER,
            -1,
          ),
        );
    } else if (tabConfigOf(tab)?.slideId !== viewer.slideId)
      model.doAction(
        Actions.updateNodeAttributes(viewer.viewerId, {
          config: configOf(viewer.slideId),
          name: LOADING_TITLE,
          helpText: undefined,
        }),
      );
  }
  const active = next.viewers[next.activeIndex];
  const activeTab = active && model.getNodeById(active.viewerId);
  if (!(activeTab instanceof TabNode)) return;
  if (!activeTab.isSelected()) model.doAction(Actions.selectTab(activeTab.getId()));
  else {
    const tabset = activeTab.getParent();
    if (tabset && model.getActiveTabset() !== tabset) model.doAction(Actions.setActiveTabset(tabset.getId()));
  }
}

const keyOf = (projectId: string) => `tessera.viewerLayout.${projectId}`;

/**
 * The layout last left in this project, or null. One that no longer reads (another version's, edited
 * by hand, a tab that is not a slide viewer) is dropped for a fresh one.
 */
export function restoreLayout(projectId: string): Model | null {
  try {
    const json = localStorage.getItem(keyOf(projectId));
    if (!json) return null;
    const model = Model.fromJson({ ...(JSON.parse(json) as IJsonModel), global: GLOBAL });
    const tabs = slideTabsOf(model);
    return tabs.length > 0 && tabs.every((t) => tabConfigOf(t)) ? model : null;
  } catch {
    return null;
  }
}

export function saveLayout(projectId: string, model: Model): void {
  try {
    localStorage.setItem(keyOf(projectId), JSON.stringify(model.toJson()));
  } catch {
    // Storage full or disabled: the layout holds while the page is open.
  }
}

/** Spec 2 §2: a slide that cannot be found resets the viewer's state. */
export function forgetLayout(projectId: string): void {
  try {
    localStorage.removeItem(keyOf(projectId));
  } catch {
    // Storage disabled: nothing was kept.
  }
}
