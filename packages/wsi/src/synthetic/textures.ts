import { createRandom, lerp, valueNoise } from './random.ts';

/**
 * Side of the periodic detail textures. Slides of any size sample them modulo PERIOD, so generating a
 * tile costs a copy and a blend instead of evaluating noise per pixel (40000×30000 would otherwise take
 * minutes in JavaScript). The large-scale tissue shape comes from non-periodic noise (tissueWeight), which
 * hides the repetition.
 */
export const PERIOD = 1024;

interface Cell {
  x: number;
  y: number;
  /** Nucleus semi-axes and orientation. */
  rx: number;
  ry: number;
  cos: number;
  sin: number;
  shade: number;
}

function scatterCells(random: () => number, count: number, minRadius: number, maxRadius: number): Cell[] {
  return Array.from({ length: count }, () => {
    const r = lerp(minRadius, maxRadius, random());
    const angle = random() * Math.PI;
    return {
      x: random() * PERIOD,
      y: random() * PERIOD,
      rx: r * lerp(1, 1.5, random()),
      ry: r,
      cos: Math.cos(angle),
      sin: Math.sin(angle),
      shade: random(),
    };
  });
}

/** Calls `visit(index, dx, dy)` for every texture pixel within `reach` of the cell centre, wrapping around. */
function forEachNear(
  cell: Cell,
  reach: number,
  visit: (index: number, dx: number, dy: number) => void,
): void {
  const x0 = Math.floor(cell.x - reach);
  const y0 = Math.floor(cell.y - reach);
  for (let y = y0; y <= cell.y + reach; y++) {
    const ty = ((y % PERIOD) + PERIOD) % PERIOD;
    for (let x = x0; x <= cell.x + reach; x++) {
      const tx = ((x % PERIOD) + PERIOD) % PERIOD;
      visit(ty * PERIOD + tx, x + 0.5 - cell.x, y + 0.5 - cell.y);
    }
  }
}

/** Squared elliptical distance of (dx, dy) from a cell's nucleus: < 1 inside. */
function nucleusDistance2(cell: Cell, dx: number, dy: number): number {
  const u = (dx * cell.cos + dy * cell.sin) / cell.rx;
  const v = (-dx * cell.sin + dy * cell.cos) / cell.ry;
  return u * u + v * v;
}

export interface BrightfieldTextures {
  /** H&E-like tissue: pink eosin stroma with purple haematoxylin nuclei; RGB, PERIOD² pixels. */
  tissue: Uint8Array;
  /** Near-white glass with faint noise. */
  background: Uint8Array;
}

export function createBrightfieldTextures(seed: number): BrightfieldTextures {
  const random = createRandom(seed);
  const tissue = new Uint8Array(PERIOD * PERIOD * 3);
  const background = new Uint8Array(PERIOD * PERIOD * 3);
  for (let y = 0; y < PERIOD; y++) {
    for (let x = 0; x < PERIOD; x++) {
      // Lattice spacings divide PERIOD and the noise wraps at PERIOD, so the texture tiles without seams.
      const fibres =
        0.65 * valueNoise(x, y, 64, seed, PERIOD / 64) + 0.35 * valueNoise(x, y, 16, seed + 7, PERIOD / 16);
      const s = Math.min(1, Math.max(0, fibres));
      const o = (y * PERIOD + x) * 3;
      const n = (random() - 0.5) * 12;
      tissue[o] = clamp8(lerp(246, 214, s) + n);
      tissue[o + 1] = clamp8(lerp(204, 128, s) + n);
      tissue[o + 2] = clamp8(lerp(226, 178, s) + n);
      const g = (random() - 0.5) * 5;
      background[o] = clamp8(243 + g);
      background[o + 1] = clamp8(241 + g);
      background[o + 2] = clamp8(245 + g);
    }
  }
  for (const cell of scatterCells(random, Math.round((PERIOD * PERIOD) / 420), 3.5, 6.5)) {
    forEachNear(cell, cell.rx + 1, (index, dx, dy) => {
      const d2 = nucleusDistance2(cell, dx, dy);
      if (d2 >= 1) return;
      const alpha = d2 > 0.8 ? (1 - d2) / 0.2 : 1;
      const core = lerp(0.75, 1.05, cell.shade);
      const o = index * 3;
      tissue[o] = clamp8(lerp(tissue[o]!, lerp(72, 118, d2) * core, alpha));
      tissue[o + 1] = clamp8(lerp(tissue[o + 1]!, lerp(42, 78, d2) * core, alpha));
      tissue[o + 2] = clamp8(lerp(tissue[o + 2]!, lerp(128, 168, d2) * core, alpha));
    });
  }
  return { tissue, background };
}

export interface FluorescenceChannelSpec {
  name: string;
  color: { r: number; g: number; b: number };
}

/** The four channels of the synthetic fluorescence slide: nuclei, membranes, cytoplasm, sparse spots. */
export const FLUORESCENCE_CHANNELS: FluorescenceChannelSpec[] = [
  { name: 'DAPI', color: { r: 0, g: 0, b: 255 } },
  { name: 'FITC', color: { r: 0, g: 255, b: 0 } },
  { name: 'Cy3', color: { r: 255, g: 160, b: 0 } },
  { name: 'Cy5', color: { r: 255, g: 0, b: 255 } },
];

/** Per channel: the in-tissue signal (added on top of the background) and the background itself; uint16. */
export interface FluorescenceTextures {
  signal: Uint16Array[];
  background: Uint16Array[];
}

export function createFluorescenceTextures(seed: number): FluorescenceTextures {
  const random = createRandom(seed ^ 0x5eed);
  const count = FLUORESCENCE_CHANNELS.length;
  const signal = Array.from({ length: count }, () => new Uint16Array(PERIOD * PERIOD));
  const background = Array.from({ length: count }, (_, c) =>
    Uint16Array.from({ length: PERIOD * PERIOD }, () => Math.round(180 + 60 * c + random() * 140)),
  );
  const [dapi, fitc, cy3, cy5] = signal as [Uint16Array, Uint16Array, Uint16Array, Uint16Array];
  const put = (plane: Uint16Array, index: number, value: number) => {
    if (value > plane[index]!) plane[index] = Math.min(65535, Math.round(value));
  };
  for (const cell of scatterCells(random, Math.round((PERIOD * PERIOD) / 700), 4, 7.5)) {
    const membrane = cell.ry * 2.1;
    const hasCytoplasm = random() < 0.5;
    const spots =
      random() < 0.12
        ? Array.from({ length: 3 }, () => [(random() - 0.5) * membrane, (random() - 0.5) * membrane] as const)
        : [];
    forEachNear(cell, membrane + 3, (index, dx, dy) => {
      const d2 = nucleusDistance2(cell, dx, dy);
      if (d2 < 1) put(dapi, index, (9000 + 14000 * cell.shade) * (1 - 0.6 * d2) + random() * 800);
      const distance = Math.sqrt(dx * dx + dy * dy);
      put(fitc, index, 7000 * Math.exp(-(((distance - membrane) / 1.3) ** 2)) + random() * 300);
      if (hasCytoplasm && distance < membrane && d2 >= 1)
        put(cy3, index, 2500 + 3000 * cell.shade + random() * 900);
      for (const [sx, sy] of spots) {
        const s2 = (dx - sx) ** 2 + (dy - sy) ** 2;
        if (s2 < 4) put(cy5, index, 30000 * (1 - s2 / 4) + random() * 2000);
      }
    });
  }
  return { signal, background };
}

/** Where the tissue lies on a slide: centred, with islands sized to the slide. */
export interface TissueShape {
  width: number;
  height: number;
  seed: number;
}

/**
 * 0 outside tissue, 1 inside, a soft edge between: non-periodic noise blobs (sized to the slide, so small
 * test slides show islands too) plus a bias towards the centre, where tissue sits on a real slide.
 */
export function tissueWeight(x: number, y: number, shape: TissueShape): number {
  const scale = Math.min(1, Math.max(0.08, Math.min(shape.width, shape.height) / 12000));
  const { seed } = shape;
  const noise =
    0.55 * valueNoise(x, y, 2400 * scale, seed + 1) +
    0.3 * valueNoise(x, y, 700 * scale, seed + 2) +
    0.15 * valueNoise(x, y, 180 * scale, seed + 3);
  const dx = (x / shape.width - 0.5) * 2;
  const dy = (y / shape.height - 0.5) * 2;
  const m = noise + 0.18 * (0.6 - Math.sqrt(dx * dx + dy * dy));
  const t = (m - 0.47) / 0.05;
  return t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
}

function clamp8(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}
