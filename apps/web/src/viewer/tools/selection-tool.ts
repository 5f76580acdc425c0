/**
 * Selection (spec 2 §4): a click picks the annotation under the pointer — a region, else a cell marker
 * (Shift or Ctrl/⌘ adds it or takes it out) — and a click on nothing clears both; the pointer's region
 * is hovered (throttled to 100 ms, spec 2 §9); a right click opens the annotation menu for the
 * selection, taking the region under the pointer first when it is not already selected.
 */
import type Feature from 'ol/Feature.js';
import Interaction from 'ol/interaction/Interaction.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { markerIndexAt, type ToolContext } from './tool-context.ts';

/** Spec 2 §9 "hover throttle". */
const HOVER_THROTTLE_MS = 100;
const HIT_TOLERANCE_PX = 3;

/** The shown region under a screen pixel, the top one first. */
export function regionAt(context: ToolContext, pixel: number[]): Feature | null {
  const { regions, map } = context;
  if (!regions) return null;
  let hit: Feature | null = null;
  map.forEachFeatureAtPixel(
    pixel,
    (feature) => {
      hit = feature as Feature;
      return true;
    },
    { layerFilter: (layer) => layer === regions.layer, hitTolerance: HIT_TOLERANCE_PX },
  );
  return hit;
}

export class SelectionTool extends Interaction {
  /** The latest pointer position, looked at once per throttle period (the last one always). */
  private hoverPixel: number[] | null = null;
  private hoverTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    const { map } = this.context;
    const hit = regionAt(this.context, map.getEventPixel(event));
    const id = hit && String(hit.getId());
    if (id && !this.context.selection().has(id)) this.context.select(new Set([id]));
    if (!id && this.context.selection().size === 0 && this.context.markerSelection().size === 0) return;
    this.context.openMenu({ x: event.clientX, y: event.clientY });
  };

  constructor(private readonly context: ToolContext) {
    super();
    context.map.getViewport()?.addEventListener('contextmenu', this.onContextMenu);
  }

  override handleEvent(event: MapBrowserEvent): boolean {
    if (event.type === 'click') this.click(event);
    else if (event.type === 'pointermove' && !event.dragging) this.hover(event);
    return true;
  }

  private click(event: MapBrowserEvent): void {
    const { context } = this;
    const region = regionAt(context, event.pixel);
    const regionId = region ? String(region.getId()) : null;
    const markerIndex = regionId ? -1 : markerIndexAt(context, event.coordinate);
    const markerId = markerIndex >= 0 ? (context.markers()?.idAt(markerIndex) ?? null) : null;
    const original = event.originalEvent as PointerEvent;
    if (!(original.shiftKey || original.ctrlKey || original.metaKey)) {
      context.select(new Set(regionId ? [regionId] : []));
      context.selectMarkers(new Set(markerId ? [markerId] : []));
    } else if (regionId) context.select(toggled(context.selection(), regionId));
    else if (markerId) context.selectMarkers(toggled(context.markerSelection(), markerId));
  }

  private hover(event: MapBrowserEvent): void {
    this.hoverPixel = event.pixel;
    this.hoverTimer ??= setTimeout(() => {
      this.hoverTimer = null;
      if (this.hoverPixel) this.showHover(this.hoverPixel);
    }, HOVER_THROTTLE_MS);
  }

  private showHover(pixel: number[]): void {
    const hit = regionAt(this.context, pixel);
    this.context.regions?.setHovered(hit ? String(hit.getId()) : null);
    const viewport = this.context.map.getViewport();
    if (viewport) viewport.style.cursor = hit ? 'pointer' : '';
  }

  override dispose(): void {
    if (this.hoverTimer) clearTimeout(this.hoverTimer);
    const viewport = this.context.map.getViewport();
    viewport?.removeEventListener('contextmenu', this.onContextMenu);
    if (viewport) viewport.style.cursor = '';
    this.context.regions?.setHovered(null);
    super.dispose();
  }
}

function toggled(ids: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
