/**
 * The annotation set a viewer shows (spec 2 §7 "Annotation loading", §9): its region annotations read by
 * viewport (region-layer.ts) and its cell markers read once through the binary transport and drawn on
 * the GPU (marker-layer.ts), both at z 20, shown or hidden together, mirrored with the slide. A failed
 * read is handed to `onError` (the viewer says the spec's message) and shows nothing for that part.
 * The regions' shape errors are marked on the errors layer (z 100). The map element carries what is
 * drawn — `data-region-annotations` (in the last answer), `data-cell-markers`, `data-invalid-annotations`
 * (shown regions with errors) and `data-annotations-visible` — for tests and tools to read.
 */
import type OlMap from 'ol/Map.js';
import type { AnnotationClass, AnnotationDisplay, BinaryCellMarkers, PixelBox } from '@tessera/domain';
import { ErrorLayer } from './error-layer.ts';
import { MarkerLayer } from './marker-layer.ts';
import { MarkerSelection } from './marker-selection.ts';
import { RegionLayer, type RegionReader } from './region-layer.ts';

export interface AnnotationSource {
  /** Tells one set (and version) from another: a new key is a new set to read. */
  key: string;
  readRegions: RegionReader;
  readMarkers: (signal: AbortSignal) => Promise<BinaryCellMarkers>;
  onError: (part: 'regions' | 'markers', error: unknown) => void;
  /** The regions in view could not all be shown, even as centres (the viewer says so). */
  onCrowded: (isCrowded: boolean) => void;
}

export class AnnotationLayers {
  /** The set's region annotations: what the annotation tools edit. */
  readonly regions: RegionLayer;
  /** The set's cell markers: the cell marker tool edits their store. */
  readonly markers: MarkerLayer;
  /** The selected cell markers' rings. */
  readonly markerSelection: MarkerSelection;
  private readonly errors = new ErrorLayer();
  private readonly reading = new AbortController();

  constructor(
    private readonly map: OlMap,
    imageWidth: number,
    readonly source: AnnotationSource,
    options: {
      classes: ReadonlyMap<string, AnnotationClass>;
      display: AnnotationDisplay;
      isFlipped: boolean;
      markerSize: number;
      metersPerPixel: { x: number; y: number } | null;
    },
  ) {
    const target = map.getTargetElement();
    this.regions = new RegionLayer(source.readRegions, imageWidth, {
      ...options,
      onError: (error) => source.onError('regions', error),
      onShown: ({ count, isTruncated }) => {
        target?.setAttribute('data-region-annotations', String(count));
        source.onCrowded(isTruncated);
      },
      onErrors: (errors) => {
        this.errors.show([...errors.values()].flat(), this.regions.frame());
        target?.setAttribute('data-invalid-annotations', String(errors.size));
      },
    });
    this.errors.setLabelsVisible(options.display.areLabelsVisible);
    this.errors.layer.setVisible(options.display.isVisible);
    this.markers = new MarkerLayer(imageWidth, { ...options, isVisible: options.display.isVisible });
    this.markers.setSize(options.markerSize);
    this.markerSelection = new MarkerSelection(this.markers, () => this.regions.frame(), options.markerSize);
    this.markerSelection.layer.setVisible(options.display.isVisible);
    map.addLayer(this.markers.layer);
    map.addLayer(this.markerSelection.layer);
    map.addLayer(this.regions.layer);
    map.addLayer(this.errors.layer);
    target?.setAttribute('data-annotations-visible', String(options.display.isVisible));
    source.readMarkers(this.reading.signal).then(
      (markers) => {
        if (this.reading.signal.aborted) return;
        this.markers.setMarkers(markers);
        this.markerSelection.redraw();
        target?.setAttribute('data-cell-markers', String(markers.ids.length));
      },
      (error: unknown) => {
        if (!this.reading.signal.aborted) source.onError('markers', error);
      },
    );
  }

  /** The view came to rest on `box` (image pixels, unflipped) at `resolution`. */
  showView(box: PixelBox, resolution: number): void {
    this.regions.showView(box, resolution);
  }

  setDisplay(display: AnnotationDisplay): void {
    this.regions.setDisplay(display);
    this.errors.setLabelsVisible(display.areLabelsVisible);
    this.errors.layer.setVisible(display.isVisible);
    this.markers.setVisible(display.isVisible);
    this.markerSelection.layer.setVisible(display.isVisible);
    this.map.getTargetElement()?.setAttribute('data-annotations-visible', String(display.isVisible));
  }

  setClasses(classes: ReadonlyMap<string, AnnotationClass>): void {
    this.regions.setClasses(classes);
    this.markers.setClasses(classes);
  }

  /** Spec 2 §3 cellMarkerSize: the markers' radius in screen pixels. */
  setMarkerSize(size: number): void {
    this.markers.setSize(size);
    this.markerSelection.setSize(size);
  }

  setFlipped(isFlipped: boolean): void {
    this.regions.setFlipped(isFlipped);
    this.markers.setFlipped(isFlipped);
    this.markerSelection.redraw();
  }

  destroy(): void {
    this.reading.abort();
    this.source.onCrowded(false);
    this.regions.destroy();
    this.markers.destroy();
    this.markerSelection.destroy();
    this.map.removeLayer(this.markerSelection.layer);
    this.map.removeLayer(this.regions.layer);
    this.map.removeLayer(this.markers.layer);
    this.map.removeLayer(this.errors.layer);
    const target = this.map.getTargetElement();
    target?.removeAttribute('data-region-annotations');
    target?.removeAttribute('data-cell-markers');
    target?.removeAttribute('data-invalid-annotations');
    target?.removeAttribute('data-annotations-visible');
  }
}
