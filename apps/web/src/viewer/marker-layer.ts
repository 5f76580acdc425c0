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
  if (r > 1.0) discard;
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
  private markers: BinaryCellMarkers | null = null;
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

  /** The markers to draw: positions and colours go to the GPU now, once. */
  setMarkers(markers: BinaryCellMarkers): void {
    this.markers = markers;
    const { gl } = this;
    if (!gl || !this.program) return;
    const n = markers.ids.length;
    const xy = new Float32Array(n * 2);
    for (let i = 0; i < n; i++) {
      xy[2 * i] = markers.x[i]!;
      xy[2 * i + 1] = markers.y[i]!;
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
    gl.bufferData(gl.ARRAY_BUFFER, xy, gl.STATIC_DRAW);
    this.uploadColors();
    this.layer.changed();
  }

  setClasses(classes: ReadonlyMap<string, AnnotationClass>): void {
    this.classes = classes;
    this.uploadColors();
    this.layer.changed();
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
    const { gl } = this;
    if (!gl) return;
    gl.deleteBuffer(this.positions);
    gl.deleteBuffer(this.colors);
    gl.deleteProgram(this.program);
  }

  /** Each marker's colour: its first class's (4 bytes a marker, one upload). */
  private uploadColors(): void {
    const { gl, markers } = this;
    if (!gl || !this.program || !markers) return;
    const palette = markers.classNames.map((name) => rgbOf(classOf(this.classes, name).color));
    const n = markers.ids.length;
    const rgba = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) {
      const start = markers.classStart[i]!;
      const rgb = start < markers.classStart[i + 1]! ? palette[markers.classIndex[start]!] : undefined;
      const [r, g, b] = rgb ?? rgbOf(classOf(this.classes, '').color);
      rgba.set([r, g, b, 255], i * 4);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colors);
    gl.bufferData(gl.ARRAY_BUFFER, rgba, gl.STATIC_DRAW);
  }

  private render(frameState: FrameState): HTMLElement {
    const { gl, program, markers, canvas } = this;
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
    const n = markers?.ids.length ?? 0;
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
