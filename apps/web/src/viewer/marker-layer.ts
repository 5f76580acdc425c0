/**
 * A set's cell markers on the map (spec 2 §9 "annotations", z 20): every marker in one WebGL draw call,
 * straight from the binary transport's typed arrays — never an `ol/Feature` per marker (DESIGN §9: a
 * million of those cost seconds and gigabytes). The positions go to the GPU once; a frame only sets the
 * image-to-screen transform, so panning and zooming a million markers costs the GPU alone. Each marker
 * is a disc in the colour of its first class (classOf: the default class for one the project lacks),
 * `size` screen pixels in radius (spec 2 §3 cellMarkerSize, the project's cell marker panel's), with a
 * dark rim to stand out on tissue.
 */
import Layer from 'ol/layer/Layer.js';
import type { FrameState } from 'ol/Map.js';
import {
  CELL_MARKER_SIZE,
  classOf,
  LAYER_Z,
  rgbOf,
  type AnnotationClass,
  type BinaryCellMarkers,
} from '@tessera/domain';
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
  float r = length(gl_PointCoord * 2.0 - 1.0);
  // A deleted marker is transparent: not drawn at all.
  if (r > 1.0 || v_color.a < 0.01) discard;
  gl_FragColor = r > v_rim ? vec4(v_color.rgb * 0.35, 1.0) : v_color;
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

export class MarkerLayer {
  readonly layer: Layer;
  private readonly canvas = document.createElement('canvas');
  private readonly gl: WebGLRenderingContext | null;
  private readonly program: WebGLProgram | null;
  private readonly positions: WebGLBuffer | null;
  private readonly colors: WebGLBuffer | null;
  /** The markers as the tools edit them; null until read. */
  store: MarkerStore | null = null;
  /** Entries the GPU buffers hold room for. */
  private uploaded = 0;
  private unsubscribe: (() => void) | null = null;
  private classes: ReadonlyMap<string, AnnotationClass>;
  private isFlipped: boolean;
  private size: number = CELL_MARKER_SIZE.default;

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
    this.gl = this.canvas.getContext('webgl', { premultipliedAlpha: false, antialias: false });
    this.program = this.gl ? compile(this.gl) : null;
    this.positions = this.gl?.createBuffer() ?? null;
    this.colors = this.gl?.createBuffer() ?? null;
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
    this.layer.changed();
  }

  /** The radius in screen pixels, within spec 2 §9's 3–30. */
  setSize(size: number): void {
    const next = Math.min(CELL_MARKER_SIZE.max, Math.max(CELL_MARKER_SIZE.min, size));
    if (next === this.size) return;
    this.size = next;
    this.layer.changed();
  }

  destroy(): void {
    this.unsubscribe?.();
    const { gl } = this;
    if (!gl) return;
    gl.deleteBuffer(this.positions);
    gl.deleteBuffer(this.colors);
    gl.deleteProgram(this.program);
  }

  /** Every entry's position and colour (its first class's; transparent when deleted), in two uploads. */
  private uploadAll(): void {
    const { gl, store } = this;
    if (!gl || !this.program || !store) return;
    const capacity = store.x.length;
    const xy = new Float32Array(capacity * 2);
    const rgba = new Uint8Array(capacity * 4);
    const palette = new Map<string, readonly number[]>();
    for (let i = 0; i < store.count; i++) {
      xy[2 * i] = store.x[i]!;
      xy[2 * i + 1] = store.y[i]!;
      this.writeColor(rgba, i * 4, i, palette);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
    gl.bufferData(gl.ARRAY_BUFFER, xy, gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colors);
    gl.bufferData(gl.ARRAY_BUFFER, rgba, gl.DYNAMIC_DRAW);
    this.uploaded = capacity;
    this.layer.changed();
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
      const rgba = new Uint8Array(4);
      this.writeColor(rgba, 0, i, new Map());
      gl.bufferSubData(gl.ARRAY_BUFFER, i * 4, rgba);
    }
    this.layer.changed();
  }

  /** Entry i's colour into `rgba` at `offset`: its first class's, opaque; transparent when deleted. */
  private writeColor(
    rgba: Uint8Array,
    offset: number,
    i: number,
    palette: Map<string, readonly number[]>,
  ): void {
    const store = this.store!;
    if (!store.isLive(i)) return;
    const name = store.firstClassAt(i) ?? '';
    let rgb = palette.get(name);
    if (!rgb) palette.set(name, (rgb = rgbOf(classOf(this.classes, name).color)));
    rgba[offset] = rgb[0]!;
    rgba[offset + 1] = rgb[1]!;
    rgba[offset + 2] = rgb[2]!;
    rgba[offset + 3] = 255;
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
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const n = store?.count ?? 0;
    if (n === 0) return canvas;
    gl.useProgram(program);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
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
    gl.drawArrays(gl.POINTS, 0, n);
    return canvas;
  }
}
