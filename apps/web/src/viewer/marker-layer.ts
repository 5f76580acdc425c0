/**
 * A set's cell markers on the map (spec 2 §9 "annotations", z 20): every marker in one WebGL draw call,
 * straight from the binary transport's typed arrays — never an `ol/Feature` per marker (DESIGN §9: a
 * million of those cost seconds and gigabytes). The positions go to the GPU once; a draw only sets the
 * image-to-screen transform. Drawn only when the view or the markers changed (a tile arriving redraws
 * the map, not the markers), and while the view moves (a drag, a zoom's animation) the last drawing is
 * moved and scaled with it, as the region layer's outlines are, and drawn anew at rest: a million
 * markers is seconds a frame on a GPU drawn in software, and even on a real one the drag stays smooth. Far
 * out, where markers crowd, a level of detail draws one marker per small cell (marker-detail.ts). Each marker
 * is a disc in the colour of its first class (classOf: the default class for one the project lacks),
 * `size` screen pixels in radius (spec 2 §3 cellMarkerSize, the project's cell marker panel's), with a
 * dark rim to stand out on tissue.
 */
import Layer from 'ol/layer/Layer.js';
import type { FrameState } from 'ol/Map.js';
import { makeInverse, multiply, toString as cssMatrix, type Transform } from 'ol/transform.js';
import ViewHint from 'ol/ViewHint.js';
import {
  CELL_MARKER_SIZE,
  classOf,
  LAYER_Z,
  rgbOf,
  type AnnotationClass,
  type BinaryCellMarkers,
} from '@tessera/domain';
import { thinnedMarkers, thinningCell } from './marker-detail.ts';
import { MarkerStore, type MarkerChange } from './marker-store.ts';

const VERTEX_SHADER = `
attribute vec2 a_position;
attribute vec4 a_color;
uniform vec3 u_toClipX;
uniform vec3 u_toClipY;
uniform float u_pointSize;
varying vec4 v_color;
varying float v_rim;
void main() {
  vec3 p = vec3(a_position, 1.0);
  gl_Position = vec4(dot(u_toClipX, p), dot(u_toClipY, p), 0.0, 1.0);
  gl_PointSize = u_pointSize;
  v_color = a_color;
  // A rim of about 1.5 screen pixels, darker, so a marker reads on any stain.
  v_rim = 1.0 - 3.0 / u_pointSize;
}`;

const FRAGMENT_SHADER = `
precision mediump float;
varying vec4 v_color;
varying float v_rim;
void main() {
  vec2 p = gl_PointCoord * 2.0 - 1.0;
  float r2 = dot(p, p);
  // A deleted marker is transparent: not drawn at all.
  if (r2 > 1.0 || v_color.a < 0.01) discard;
  gl_FragColor = r2 > v_rim * v_rim ? vec4(v_color.rgb * 0.35, 1.0) : v_color;
}`;

function compile(gl: WebGLRenderingContext): WebGLProgram | null {
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, VERTEX_SHADER],
    [gl.FRAGMENT_SHADER, FRAGMENT_SHADER],
  ] as const) {
    const shader = gl.createShader(type);
    if (!shader || !program) return null;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  if (!program) return null;
  gl.linkProgram(program);
  if (gl.getProgramParameter(program, gl.LINK_STATUS)) return program;
  console.error(`Cell markers cannot be drawn: ${gl.getProgramInfoLog(program)}`);
  return null;
}

type Row = [number, number, number];

/**
 * The affine map from image pixels (x, y down) to WebGL clip space, as two rows: image → map (x
 * mirrored while flipped, y negated) → CSS pixels (OpenLayers' coordinateToPixelTransform) → clip
 * space. Composed here in doubles: the GPU then multiplies once per marker.
 */
export function imageToClip(
  toPixel: readonly number[],
  [width, height]: readonly [number, number],
  { isFlipped, imageWidth }: { isFlipped: boolean; imageWidth: number },
): [Row, Row] {
  const [a, b, c, d, e, f] = toPixel as [number, number, number, number, number, number];
  const sx = isFlipped ? -1 : 1;
  const tx = isFlipped ? imageWidth : 0;
  return [
    [(2 * a * sx) / width, (-2 * c) / width, (2 * (a * tx + e)) / width - 1],
    [(-2 * b * sx) / height, (2 * d) / height, 1 - (2 * (b * tx + f)) / height],
  ];
}

/** What a frame asks of the canvas: nothing, moving the last drawing with the view, or a new drawing. */
export type FrameWork = 'keep' | 'shift' | 'draw';

/**
 * `drawn`: what the canvas shows (its look — data, size, style — and the image-to-pixel transform it was
 * drawn with), null when nothing. The same look and transform keep it; the same look with the view
 * moving shifts it; anything else draws.
 */
export function frameWork(
  drawn: { look: string; toPixel: readonly number[] } | null,
  now: { look: string; toPixel: readonly number[]; isMoving: boolean },
): FrameWork {
  if (!drawn || drawn.look !== now.look) return 'draw';
  if (drawn.toPixel.every((v, i) => v === now.toPixel[i])) return 'keep';
  return now.isMoving ? 'shift' : 'draw';
}

/** The CSS transform taking the pixels of a drawing made with `drawnToPixel` to where they are now. */
export function shiftOf(nowToPixel: readonly number[], drawnToPixel: readonly number[]): string {
  const back = makeInverse([1, 0, 0, 1, 0, 0], drawnToPixel as Transform);
  return cssMatrix(multiply([...nowToPixel] as Transform, back));
}

export class MarkerLayer {
  readonly layer: Layer;
  private readonly canvas = document.createElement('canvas');
  private readonly gl: WebGLRenderingContext | null;
  private readonly program: WebGLProgram | null;
  private readonly positions: WebGLBuffer | null;
  private readonly colors: WebGLBuffer | null;
  /** The markers drawn far out (marker-detail.ts), as an index buffer; needs 32-bit indices. */
  private readonly thinned: WebGLBuffer | null;
  private readonly hasUintIndices: boolean;
  /** The thinned markers of each cell size, for the markers as they are now; emptied by an edit. */
  private readonly thinnings = new Map<number, Uint32Array | null>();
  /** The cell size whose thinning the index buffer holds. */
  private thinnedCell: number | null = null;
  /** The markers as the tools edit them; null until read. */
  store: MarkerStore | null = null;
  /** Entries the GPU buffers hold room for. */
  private uploaded = 0;
  private unsubscribe: (() => void) | null = null;
  private classes: ReadonlyMap<string, AnnotationClass>;
  private isFlipped: boolean;
  private size: number = CELL_MARKER_SIZE.default;
  /** Moves with whatever changes the drawing but the view: the markers, their colours, size, mirroring. */
  private version = 0;
  private drawn: { look: string; toPixel: readonly number[] } | null = null;

  constructor(
    private readonly imageWidth: number,
    options: { classes: ReadonlyMap<string, AnnotationClass>; isVisible: boolean; isFlipped: boolean },
  ) {
    this.classes = options.classes;
    this.isFlipped = options.isFlipped;
    this.canvas.style.position = 'absolute';
    this.canvas.style.left = '0';
    this.canvas.style.top = '0';
    this.canvas.style.pointerEvents = 'none';
    this.canvas.style.transformOrigin = 'top left';
    this.gl = this.canvas.getContext('webgl', { premultipliedAlpha: false, antialias: false });
    this.program = this.gl ? compile(this.gl) : null;
    this.positions = this.gl?.createBuffer() ?? null;
    this.colors = this.gl?.createBuffer() ?? null;
    this.thinned = this.gl?.createBuffer() ?? null;
    this.hasUintIndices = this.gl?.getExtension('OES_element_index_uint') != null;
    this.layer = new Layer({
      zIndex: LAYER_Z.annotations,
      visible: options.isVisible,
      render: (frameState) => this.render(frameState),
    });
  }

  /** The markers to draw: positions and colours go to the GPU now, once; edits upload their entries. */
  setMarkers(markers: BinaryCellMarkers): void {
    this.unsubscribe?.();
    this.store = new MarkerStore(markers);
    this.unsubscribe = this.store.onChange((change) => this.uploadChange(change));
    this.uploadAll();
  }

  setClasses(classes: ReadonlyMap<string, AnnotationClass>): void {
    this.classes = classes;
    this.uploadAll();
  }

  setVisible(isVisible: boolean): void {
    this.layer.setVisible(isVisible);
  }

  setFlipped(isFlipped: boolean): void {
    this.isFlipped = isFlipped;
    this.changed();
  }

  /** The radius in screen pixels, within spec 2 §9's 3–30. */
  setSize(size: number): void {
    const next = Math.min(CELL_MARKER_SIZE.max, Math.max(CELL_MARKER_SIZE.min, size));
    if (next === this.size) return;
    this.size = next;
    this.changed();
  }

  /** The markers changed: their thinnings are out of date too. */
  private markersChanged(): void {
    this.thinnings.clear();
    this.thinnedCell = null;
    this.changed();
  }

  /** The drawing is out of date: drawn again at the next frame. */
  private changed(): void {
    this.version++;
    this.layer.changed();
  }

  destroy(): void {
    this.unsubscribe?.();
    const { gl } = this;
    if (!gl) return;
    gl.deleteBuffer(this.positions);
    gl.deleteBuffer(this.colors);
    gl.deleteBuffer(this.thinned);
    gl.deleteProgram(this.program);
  }

  /** Every entry's position and colour (its first class's; transparent when deleted), in two uploads. */
  private uploadAll(): void {
    const { gl, store } = this;
    if (!gl || !this.program || !store) return;
    const capacity = store.x.length;
    const { x, y, count } = store;
    const xy = new Float32Array(capacity * 2);
    for (let i = 0; i < count; i++) {
      xy[2 * i] = x[i]!;
      xy[2 * i + 1] = y[i]!;
    }
    // Colours as whole 32-bit words, read through the same kind of view they are written with, so the
    // bytes land in order on any byte order.
    const rgba = new Uint8Array(capacity * 4);
    const words = new Uint32Array(rgba.buffer);
    const { names, index } = store.firstClasses();
    const wordOf = (name: string) => new Uint32Array(this.colorOf(name).buffer)[0]!;
    const palette = Uint32Array.from(names, wordOf);
    const none = wordOf('');
    for (let i = 0; i < count; i++)
      if (store.isLive(i)) words[i] = index[i]! >= 0 ? palette[index[i]!]! : none;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
    gl.bufferData(gl.ARRAY_BUFFER, xy, gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colors);
    gl.bufferData(gl.ARRAY_BUFFER, rgba, gl.DYNAMIC_DRAW);
    this.uploaded = capacity;
    this.markersChanged();
  }

  /** An edit: its entries alone, unless one lies past the buffers' room (then all, in bigger buffers). */
  private uploadChange({ indices }: MarkerChange): void {
    const { gl, store } = this;
    if (!gl || !this.program || !store) return;
    if (indices.some((i) => i >= this.uploaded)) return this.uploadAll();
    for (const i of indices) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
      gl.bufferSubData(gl.ARRAY_BUFFER, i * 8, new Float32Array([store.x[i]!, store.y[i]!]));
      gl.bindBuffer(gl.ARRAY_BUFFER, this.colors);
      const rgba = store.isLive(i) ? this.colorOf(store.firstClassAt(i) ?? '') : new Uint8Array(4);
      gl.bufferSubData(gl.ARRAY_BUFFER, i * 4, rgba);
    }
    this.markersChanged();
  }

  /** A class's colour, opaque, as the colour buffer holds it (unknown classes: the default's). */
  private colorOf(classId: string): Uint8Array {
    return new Uint8Array([...rgbOf(classOf(this.classes, classId).color), 255]);
  }

  private render(frameState: FrameState): HTMLElement {
    const { gl, program, store, canvas } = this;
    const [width, height] = frameState.size as [number, number];
    const ratio = frameState.pixelRatio;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    if (!gl || !program) return canvas;
    const toPixel = frameState.coordinateToPixelTransform;
    const look = `${this.version} ${canvas.width}×${canvas.height}`;
    const hints = frameState.viewHints;
    const isMoving = (hints[ViewHint.ANIMATING] ?? 0) > 0 || (hints[ViewHint.INTERACTING] ?? 0) > 0;
    const work = frameWork(this.drawn, { look, toPixel, isMoving });
    if (work === 'keep') return canvas;
    if (work === 'shift') {
      canvas.style.transform = shiftOf(toPixel, this.drawn!.toPixel);
      return canvas;
    }
    canvas.style.transform = '';
    this.drawn = { look, toPixel: [...toPixel] };
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const n = store?.count ?? 0;
    if (n === 0) return canvas;
    gl.useProgram(program);
    // Markers are opaque (a deleted one is discarded): no blending, which a GPU drawn in software pays
    // for in every fragment.
    gl.disable(gl.BLEND);
    const [toClipX, toClipY] = imageToClip(frameState.coordinateToPixelTransform, [width, height], {
      isFlipped: this.isFlipped,
      imageWidth: this.imageWidth,
    });
    gl.uniform3fv(gl.getUniformLocation(program, 'u_toClipX'), toClipX);
    gl.uniform3fv(gl.getUniformLocation(program, 'u_toClipY'), toClipY);
    gl.uniform1f(gl.getUniformLocation(program, 'u_pointSize'), 2 * this.size * ratio);
    const position = gl.getAttribLocation(program, 'a_position');
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
    const color = gl.getAttribLocation(program, 'a_color');
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colors);
    gl.enableVertexAttribArray(color);
    gl.vertexAttribPointer(color, 4, gl.UNSIGNED_BYTE, true, 0, 0);
    const thinned = this.thinnedAt(frameState.viewState.resolution);
    if (thinned === null) gl.drawArrays(gl.POINTS, 0, n);
    else gl.drawElements(gl.POINTS, thinned, gl.UNSIGNED_INT, 0);
    return canvas;
  }

  /**
   * How many markers the index buffer names at this resolution, once it holds them; null to draw all
   * (close in, or a thinning that would leave most).
   */
  private thinnedAt(resolution: number): number | null {
    const { gl, store } = this;
    const cell = thinningCell(resolution, this.size);
    if (!gl || !store || cell === null || !this.hasUintIndices) return null;
    let indices = this.thinnings.get(cell);
    if (indices === undefined) {
      indices = thinnedMarkers(store, cell);
      // One that leaves most markers is not worth its memory: drawn whole.
      if (indices && indices.length > 0.8 * store.count) indices = null;
      this.thinnings.set(cell, indices);
    }
    if (indices === null) return null;
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.thinned);
    if (this.thinnedCell !== cell) {
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, indices, gl.STATIC_DRAW);
      this.thinnedCell = cell;
    }
    return indices.length;
  }
}
