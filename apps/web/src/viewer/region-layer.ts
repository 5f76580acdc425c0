/**
 * A set's region annotations on the map (spec 2 §9 "annotations", z 20), read by viewport: when the view
 * comes to rest outside what was last read, or at another level of detail, the box in view and a margin
 * around it are asked for (viewportDetailAt: outlines as stored up close, thinned farther out, centres
 * when too many), and the answer replaces what is shown — the old features stay until it arrives, so
 * nothing blinks. One `ol/Feature` per region in view (at most VIEWER_VIEWPORT_LIMIT, region-features.ts):
 * the annotation tools edit these in place (`put`, `remove`, `rename`) while the operation queue saves
 * the edit, and an answer read before the last edit is read again rather than shown. Drawn in the class's
 * colour: outline at half opacity, the fill by the display settings, the class name as label (not for
 * fields of view; a ruler's length instead), and a dark contour under the selected (10 px) and the
 * hovered (8 px) ones (spec 2 §9 "Contour widths").
 */
import Feature from 'ol/Feature.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import LineString from 'ol/geom/LineString.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import {
  ANNOTATION_OUTLINE_OPACITY,
  formatLength,
  geometryErrors,
  lengthUm,
  REGION_ANNOTATION_TYPES,
  type GeometryError,
  type RegionSnapshot,
  annotationFillAlpha,
  classOf,
  LAYER_Z,
  REGION_FLAGS,
  rgbOf,
  SPECIAL_CLASS_IDS,
  VIEWER_VIEWPORT_LIMIT,
  VIEWPORT_MARGIN,
  viewportDetailAt,
  type AnnotationClass,
  type AnnotationDisplay,
  type BinaryRegions,
  type PixelBox,
  type ViewportDetail,
} from '@tessera/domain';
import {
  isTemporaryId,
  lineLabelStyle,
  REGION,
  regionFeatureOf,
  snapshotOf,
  type MapFrame,
} from './region-features.ts';

/** Reads the region annotations meeting a box as typed arrays (api/annotation-sets.ts). */
export type RegionReader = (
  box: PixelBox,
  detail: ViewportDetail & { limit: number },
  signal: AbortSignal,
) => Promise<BinaryRegions>;

/** Spec 2 §9 "Annotation stroke width" and "Contour widths". */
const STROKE_WIDTH = 3;
const CONTOUR_WIDTH = { selected: 10, hovered: 8 } as const;
const CONTOUR_COLOR = 'rgba(20,20,20,0.75)';
/** A centre shown for a region when too many are in view. */
const CENTROID_RADIUS = 4;

const contains = (outer: PixelBox, inner: PixelBox) =>
  outer.minX <= inner.minX &&
  outer.minY <= inner.minY &&
  outer.maxX >= inner.maxX &&
  outer.maxY >= inner.maxY;

const grown = (box: PixelBox, share: number): PixelBox => {
  const dx = (box.maxX - box.minX) * share;
  const dy = (box.maxY - box.minY) * share;
  return { minX: box.minX - dx, minY: box.minY - dy, maxX: box.maxX + dx, maxY: box.maxY + dy };
};

const rgba = (hex: string, alpha: number) => `rgba(${rgbOf(hex).join(',')},${alpha})`;

export class RegionLayer {
  readonly layer: VectorLayer;
  private readonly source = new VectorSource();
  private readonly styles = new Map<string, Style>();
  private classes: ReadonlyMap<string, AnnotationClass>;
  private display: AnnotationDisplay;
  private isFlipped: boolean;
  /** What the shown features answer: their box and level of detail. */
  private shown: { box: PixelBox; key: string } | null = null;
  private reading: AbortController | null = null;
  /** The resolution at which the last answer was cut short: centres until the view is much closer. */
  private crowdedAt: number | null = null;
  private lastView: { box: PixelBox; resolution: number } | null = null;
  /** Counts local edits: an answer read before the last one is stale (it lacks the edit). */
  private edits = 0;
  private selected: ReadonlySet<string> = new Set();
  private hovered: string | null = null;
  /** A tool that reshapes outlines is in use: outlines are read as stored at any resolution. */
  private isExact = false;
  private readonly metersPerPixel: { x: number; y: number };
  private readonly onError: (error: unknown) => void;
  private readonly onShown: (shown: { count: number; isTruncated: boolean }) => void;
  /** The shape errors of shown regions read as stored, by id (none are known of thinned outlines). */
  private readonly errors = new Map<string, GeometryError[]>();
  private readonly onErrors: (errors: ReadonlyMap<string, GeometryError[]>) => void;

  constructor(
    private readonly read: RegionReader,
    private readonly imageWidth: number,
    options: {
      classes: ReadonlyMap<string, AnnotationClass>;
      display: AnnotationDisplay;
      isFlipped: boolean;
      /** For a ruler's length (an unknown scale counts a pixel a micrometre). */
      metersPerPixel?: { x: number; y: number } | null;
      onError: (error: unknown) => void;
      /** Each answer shown: how many regions, and whether even their centres were cut short. */
      onShown: (shown: { count: number; isTruncated: boolean }) => void;
      /** The shown regions' shape errors changed (spec 2 §4 "Invalid annotations"). */
      onErrors?: (errors: ReadonlyMap<string, GeometryError[]>) => void;
    },
  ) {
    this.classes = options.classes;
    this.display = options.display;
    this.isFlipped = options.isFlipped;
    this.metersPerPixel = options.metersPerPixel ?? { x: 1e-6, y: 1e-6 };
    this.onError = options.onError;
    this.onShown = options.onShown;
    this.onErrors = options.onErrors ?? (() => {});
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: LAYER_Z.annotations,
      visible: this.display.isVisible,
      style: (feature) => this.styleOf(feature as Feature),
      // While the view moves the last frame is moved and scaled; the outlines are drawn again at rest:
      // smooth with thousands in view.
      updateWhileInteracting: false,
      updateWhileAnimating: false,
    });
  }

  /** The view came to rest showing `box` (image pixels, unflipped) at `resolution`: read it if needed. */
  showView(box: PixelBox, resolution: number): void {
    this.lastView = { box, resolution };
    // Hidden annotations are not read: showing them again reads the view then.
    if (!this.display.isVisible) return;
    if (this.crowdedAt !== null && resolution < this.crowdedAt / 4) this.crowdedAt = null;
    const detail = viewportDetailAt(resolution, this.crowdedAt !== null, this.isExact);
    const key = `${detail.detail}:${detail.tolerance}`;
    if (this.shown && this.shown.key === key && contains(this.shown.box, box)) return;
    const wanted = grown(box, VIEWPORT_MARGIN);
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    const editsBefore = this.edits;
    this.read(wanted, { ...detail, limit: VIEWER_VIEWPORT_LIMIT }, reading.signal).then(
      (regions) => {
        if (reading.signal.aborted) return;
        const { truncated } = regions;
        this.reading = null;
        // Edited while this was read: the answer may lack the edit; read it again.
        if (this.edits !== editsBefore) {
          this.showView(box, resolution);
          return;
        }
        if (truncated && detail.detail !== 'centroid') {
          this.crowdedAt = resolution;
          this.showView(box, resolution);
          return;
        }
        this.shown = { box: wanted, key };
        // New annotations still being saved are not in any answer yet: they stay.
        const unsaved = this.source.getFeatures().filter((f) => isTemporaryId(String(f.getId())));
        this.source.clear(true);
        this.source.addFeatures(this.featuresOf(regions, detail.detail === 'full'));
        this.source.addFeatures(unsaved);
        this.errors.clear();
        if (detail.detail === 'full')
          for (const feature of this.source.getFeatures()) this.checkShape(feature);
        this.onErrors(this.errors);
        this.onShown({ count: regions.ids.length, isTruncated: truncated });
      },
      (error: unknown) => {
        if (reading.signal.aborted) return;
        this.reading = null;
        this.onError(error);
      },
    );
  }

  setDisplay(display: AnnotationDisplay): void {
    const wasVisible = this.display.isVisible;
    this.display = display;
    this.styles.clear();
    this.layer.setVisible(display.isVisible);
    this.layer.changed();
    if (display.isVisible && !wasVisible && this.lastView)
      this.showView(this.lastView.box, this.lastView.resolution);
  }

  setClasses(classes: ReadonlyMap<string, AnnotationClass>): void {
    this.classes = classes;
    this.styles.clear();
    this.layer.changed();
  }

  /** Mirrors the annotations with the slide, in place: what is shown stays shown (nothing is read). */
  setFlipped(isFlipped: boolean): void {
    if (isFlipped === this.isFlipped) return;
    this.isFlipped = isFlipped;
    const width = this.imageWidth;
    const mirror = (input: number[], output: number[] = input, stride = 2) => {
      for (let i = 0; i < input.length; i += stride) {
        output[i] = width - input[i]!;
        output[i + 1] = input[i + 1]!;
      }
      return output;
    };
    this.source.forEachFeature((feature) => feature.getGeometry()?.applyTransform(mirror));
    this.source.changed();
    this.onErrors(this.errors);
  }

  destroy(): void {
    this.reading?.abort();
    this.source.clear(true);
  }

  // --- editing (the tools and the operation queue): features by id, in image coordinates ---

  /** How image coordinates map onto this layer's features now. */
  frame(): MapFrame {
    return { imageWidth: this.imageWidth, isFlipped: this.isFlipped };
  }

  feature(id: string): Feature | null {
    return this.source.getFeatureById(id) as Feature | null;
  }

  /** A shown annotation as it is now, in image coordinates; null when it is not shown. */
  snapshot(id: string): RegionSnapshot | null {
    const feature = this.feature(id);
    return feature ? snapshotOf(feature, this.frame()) : null;
  }

  /** Shows this annotation as given, in place of one of its id. */
  put(region: RegionSnapshot): void {
    this.edits++;
    const old = this.feature(region.id);
    if (old) this.source.removeFeature(old);
    const feature = regionFeatureOf(region, this.frame());
    this.source.addFeature(feature);
    this.checkShape(feature);
    this.onErrors(this.errors);
  }

  remove(ids: readonly string[]): void {
    this.edits++;
    for (const id of ids) {
      const feature = this.feature(id);
      if (feature) this.source.removeFeature(feature);
      this.errors.delete(id);
    }
    this.onErrors(this.errors);
  }

  /** A new annotation saved: its temporary id becomes the one the server gave it. */
  rename(from: string, to: string): void {
    this.edits++;
    this.feature(from)?.setId(to);
    const errors = this.errors.get(from);
    if (errors) {
      this.errors.delete(from);
      this.errors.set(to, errors);
    }
  }

  /** Changes a shown annotation's properties (class, lock) in place. */
  change(id: string, properties: Partial<Record<(typeof REGION)['classId' | 'isLocked'], unknown>>): void {
    this.edits++;
    const feature = this.feature(id);
    feature?.setProperties(properties);
    if (feature?.get(REGION.isExact) === true) {
      this.checkShape(feature);
      this.onErrors(this.errors);
    }
  }

  /** Notes a region's shape errors (the domain's rules), or that it has none. */
  private checkShape(feature: Feature): void {
    const id = String(feature.getId());
    const region = snapshotOf(feature, this.frame());
    const errors = geometryErrors(region.geometry, { type: region.type, classId: region.classId });
    if (errors.length > 0) this.errors.set(id, errors);
    else this.errors.delete(id);
  }

  /** Forgets what was read and reads the view again (an edit failed: the server's state is the truth). */
  reload(): void {
    this.edits++;
    this.shown = null;
    this.reading?.abort();
    this.reading = null;
    if (this.lastView) this.showView(this.lastView.box, this.lastView.resolution);
  }

  /** Outlines as stored at any resolution while `isExact` (move and drawing reshape them). */
  setExact(isExact: boolean): void {
    if (isExact === this.isExact) return;
    this.isExact = isExact;
    if (this.lastView) this.showView(this.lastView.box, this.lastView.resolution);
  }

  /** Every feature shown (the tools' hit tests and the selection). */
  features(): Feature[] {
    return this.source.getFeatures();
  }

  setSelection(ids: ReadonlySet<string>): void {
    this.selected = ids;
    this.layer.changed();
  }

  setHovered(id: string | null): void {
    if (id === this.hovered) return;
    this.hovered = id;
    this.layer.changed();
  }

  /**
   * The answer's regions as map features, their flat coordinates written straight from the typed
   * arrays: y negated, x mirrored while the slide is flipped.
   */
  private featuresOf(regions: BinaryRegions, isExact: boolean): Feature[] {
    const { xy, ringStart, vertexStart, flags } = regions;
    const width = this.imageWidth;
    const isFlipped = this.isFlipped;
    const features = new Array<Feature>(regions.ids.length);
    for (let i = 0; i < features.length; i++) {
      const first = vertexStart[ringStart[i]!]!;
      const flat = new Array<number>((vertexStart[ringStart[i + 1]!]! - first) * 2);
      for (let v = first, k = 0; k < flat.length; v++, k += 2) {
        flat[k] = isFlipped ? width - xy[v * 2]! : xy[v * 2]!;
        flat[k + 1] = -xy[v * 2 + 1]!;
      }
      const kind = flags[i]!;
      let geometry: Point | LineString | Polygon;
      if (kind & REGION_FLAGS.point) geometry = new Point(flat);
      else if (kind & REGION_FLAGS.line) geometry = new LineString(flat, 'XY');
      else {
        // Each ring's end in the flat coordinates.
        const ends: number[] = [];
        for (let ring = ringStart[i]!; ring < ringStart[i + 1]!; ring++)
          ends.push((vertexStart[ring + 1]! - first) * 2);
        geometry = new Polygon(flat, 'XY', ends);
      }
      const feature = new Feature({
        geometry,
        [REGION.classId]: regions.classNames[regions.classIndex[i]!],
        [REGION.type]: REGION_ANNOTATION_TYPES[regions.type[i]!],
        [REGION.isLocked]: (kind & REGION_FLAGS.locked) !== 0,
        [REGION.isExact]: isExact,
      });
      feature.setId(String(regions.ids[i]));
      features[i] = feature;
    }
    return features;
  }

  private styleOf(feature: Feature): Style | Style[] {
    const id = String(feature.getId());
    const base = this.baseStyleOf(feature);
    const width = this.selected.has(id)
      ? CONTOUR_WIDTH.selected
      : this.hovered === id
        ? CONTOUR_WIDTH.hovered
        : 0;
    const label = feature.get(REGION.type) === 'Ruler' ? this.rulerLabelOf(feature) : null;
    if (width === 0 && !label) return base;
    const styles = [base];
    if (width > 0)
      styles.unshift(new Style({ stroke: new Stroke({ color: CONTOUR_COLOR, width }), zIndex: -1 }));
    if (label) styles.push(label);
    return styles;
  }

  /** Spec 2 §4 "Ruler": its length, µm or mm, beside it. */
  private rulerLabelOf(feature: Feature): Style | null {
    if (!this.display.areLabelsVisible) return null;
    const coordinates = (feature.getGeometry() as LineString).getCoordinates();
    if (coordinates.length < 2) return null;
    const [a, b] = [coordinates[0]!, coordinates[coordinates.length - 1]!];
    return lineLabelStyle(formatLength(lengthUm([a[0]!, a[1]!], [b[0]!, b[1]!], this.metersPerPixel)));
  }

  private baseStyleOf(feature: Feature): Style {
    const classId = String(feature.get(REGION.classId));
    const isPoint = feature.getGeometry()?.getType() === 'Point';
    const isRuler = feature.get(REGION.type) === 'Ruler';
    const key = `${classId}\u0000${isPoint}\u0000${isRuler}`;
    let style = this.styles.get(key);
    if (!style) {
      const c = classOf(this.classes, classId);
      const stroke = new Stroke({ color: rgba(c.color, ANNOTATION_OUTLINE_OPACITY), width: STROKE_WIDTH });
      const fill = new Fill({ color: rgba(c.color, annotationFillAlpha(this.display)) });
      const hasLabel =
        this.display.areLabelsVisible && c.classId !== SPECIAL_CLASS_IDS.fov && !isPoint && !isRuler;
      style = new Style({
        stroke,
        fill,
        image: isPoint
          ? new Circle({ radius: CENTROID_RADIUS, fill: new Fill({ color: c.color }) })
          : undefined,
        text: hasLabel
          ? new Text({
              text: c.name,
              font: '600 12px system-ui, sans-serif',
              fill: new Fill({ color: '#fff' }),
              stroke: new Stroke({ color: 'rgba(0,0,0,0.7)', width: 3 }),
              overflow: false,
            })
          : undefined,
      });
      this.styles.set(key, style);
    }
    return style;
  }
}
