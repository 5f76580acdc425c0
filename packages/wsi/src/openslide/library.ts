import type { LibraryHandle, TypeObject } from 'koffi';
import { WsiError } from '../errors.ts';

/**
 * The OpenSlide C library (Debian libopenslide0 3.4.1) bound through koffi, loaded on first use. Nothing
 * here runs at import time: without the library (or without koffi's native module) only the files that
 * need OpenSlide fail, with 'needs-openslide'; the TIFF reader and everything else keep working.
 */

/** The soname Debian's libopenslide0 installs; override with TESSERA_OPENSLIDE_LIB or setOpenSlideLibraryPath. */
export const DEFAULT_OPENSLIDE_LIBRARY = 'libopenslide.so.0';

export const OPENSLIDE_MISSING_MESSAGE =
  'OpenSlide (libopenslide0) is not installed, so this slide format cannot be read. Install the Debian package libopenslide0.';

/** Opaque `openslide_t *`, as koffi hands it back. */
export type OpenSlideHandle = object;

type AsyncCallback<T> = (error: unknown, result: T) => void;

export interface OpenSlideBinding {
  version: string;
  detectVendor(path: string): string | null;
  /** Async: 3.4.1 reads the whole index of some formats (MRXS, NDPI) while opening. */
  open(path: string, done: AsyncCallback<OpenSlideHandle | null>): void;
  close(osr: OpenSlideHandle): void;
  getError(osr: OpenSlideHandle): string | null;
  getLevelCount(osr: OpenSlideHandle): number;
  getLevelDimensions(osr: OpenSlideHandle, level: number): { width: number; height: number };
  getLevelDownsample(osr: OpenSlideHandle, level: number): number;
  getPropertyNames(osr: OpenSlideHandle): string[];
  getPropertyValue(osr: OpenSlideHandle, name: string): string | null;
  getAssociatedImageNames(osr: OpenSlideHandle): string[];
  getAssociatedImageDimensions(osr: OpenSlideHandle, name: string): { width: number; height: number };
  /** Async; fills `dest` (w × h premultiplied ARGB, native uint32). */
  readRegion(
    osr: OpenSlideHandle,
    dest: Uint32Array,
    x: number,
    y: number,
    level: number,
    w: number,
    h: number,
    done: AsyncCallback<void>,
  ): void;
  /** Async; fills `dest` (width × height of the associated image). */
  readAssociatedImage(osr: OpenSlideHandle, name: string, dest: Uint32Array, done: AsyncCallback<void>): void;
}

let configuredPath: string | null = null;
let cached: { path: string; binding: Promise<OpenSlideBinding> } | null = null;

/**
 * Test hook and deployment knob: which library file to load. null returns to TESSERA_OPENSLIDE_LIB or the
 * default. Slides already open keep the binding they were opened with.
 */
export function setOpenSlideLibraryPath(path: string | null): void {
  configuredPath = path;
}

function libraryPath(): string {
  return configuredPath ?? (process.env['TESSERA_OPENSLIDE_LIB'] || DEFAULT_OPENSLIDE_LIBRARY);
}

/** The binding, loading the library on first use; rejects with 'needs-openslide' when it cannot be loaded. */
export function loadOpenSlide(): Promise<OpenSlideBinding> {
  const path = libraryPath();
  if (cached?.path !== path) {
    const binding = bind(path);
    cached = { path, binding };
    // A failed load is not remembered for ever: installing the library later must work without a restart.
    binding.catch(() => {
      if (cached?.binding === binding) cached = null;
    });
  }
  return cached.binding;
}

/** Whether OpenSlide can be loaded here (for health checks and for tests that need the real library). */
export async function isOpenSlideAvailable(): Promise<boolean> {
  try {
    await loadOpenSlide();
    return true;
  } catch {
    return false;
  }
}

// koffi type objects are process-wide; named types would clash when a second library path is bound.
let types: { handle: TypeObject; int64Out: ReturnType<typeof import('koffi').out> } | null = null;

async function bind(path: string): Promise<OpenSlideBinding> {
  let koffi: typeof import('koffi').default;
  try {
    koffi = (await import('koffi')).default;
  } catch (error) {
    throw new WsiError(
      'needs-openslide',
      `${OPENSLIDE_MISSING_MESSAGE} (koffi could not be loaded: ${reason(error)})`,
    );
  }
  // koffi runs async calls on its own stack, 128 KiB by default; JPEG 2000 decoding (OpenJPEG) and cairo
  // inside read_region can need more. 1 MiB × the few calls in flight is cheap. koffi only accepts this
  // before its first library load; if another module loaded one first, the default stays.
  const config = koffi.config();
  if (config.async_stack_size !== undefined && config.async_stack_size < 1 << 20) {
    try {
      koffi.config({ ...config, async_stack_size: 1 << 20 });
    } catch {
      // Already configured or a library already loaded elsewhere in the process.
    }
  }
  let lib: ReturnType<typeof koffi.load>;
  try {
    lib = koffi.load(path);
  } catch (error) {
    throw new WsiError('needs-openslide', `${OPENSLIDE_MISSING_MESSAGE} (${reason(error)})`);
  }
  types ??= { handle: koffi.pointer(koffi.opaque()), int64Out: koffi.out(koffi.pointer('int64_t')) };
  const { handle: T, int64Out } = types;
  const fn = (
    name: string,
    result: string | TypeObject,
    args: (string | TypeObject | typeof int64Out)[],
  ): ReturnType<LibraryHandle['func']> => {
    try {
      return lib.func(name, result, args);
    } catch (error) {
      throw new WsiError(
        'needs-openslide',
        `${OPENSLIDE_MISSING_MESSAGE} (${path} lacks ${name}: ${reason(error)})`,
      );
    }
  };
  const version = fn('openslide_get_version', 'const char *', []);
  const detectVendor = fn('openslide_detect_vendor', 'const char *', ['const char *']);
  const open = fn('openslide_open', T, ['const char *']);
  const close = fn('openslide_close', 'void', [T]);
  const getError = fn('openslide_get_error', 'const char *', [T]);
  const levelCount = fn('openslide_get_level_count', 'int32_t', [T]);
  const levelDimensions = fn('openslide_get_level_dimensions', 'void', [T, 'int32_t', int64Out, int64Out]);
  const levelDownsample = fn('openslide_get_level_downsample', 'double', [T, 'int32_t']);
  const propertyNames = fn('openslide_get_property_names', 'void *', [T]);
  const propertyValue = fn('openslide_get_property_value', 'const char *', [T, 'const char *']);
  const associatedNames = fn('openslide_get_associated_image_names', 'void *', [T]);
  const associatedDimensions = fn('openslide_get_associated_image_dimensions', 'void', [
    T,
    'const char *',
    int64Out,
    int64Out,
  ]);
  // dest is a plain void *: koffi passes the typed array's own memory, which we keep alive until the callback.
  const readAssociated = fn('openslide_read_associated_image', 'void', [T, 'const char *', 'void *']);
  const readRegion = fn('openslide_read_region', 'void', [
    T,
    'void *',
    'int64_t',
    'int64_t',
    'int32_t',
    'int64_t',
    'int64_t',
  ]);

  /** Decodes a NULL-terminated `const char * const *` (owned by the handle; never freed by us). */
  const stringList = (pointer: unknown): string[] => {
    const list: string[] = [];
    if (!pointer) return list;
    for (let i = 0; i < 100_000; i++) {
      const value = koffi.decode(pointer, i * 8, 'const char *') as string | null;
      if (value === null) break;
      list.push(value);
    }
    return list;
  };
  const dimensions = (call: (w: number[], h: number[]) => void) => {
    const w = [-1];
    const h = [-1];
    call(w, h);
    return { width: Number(w[0]), height: Number(h[0]) };
  };

  return {
    version: String(version()),
    detectVendor: (file) => detectVendor(file) as string | null,
    open: (file, done) => open.async(file, done),
    close: (osr) => close(osr),
    getError: (osr) => getError(osr) as string | null,
    getLevelCount: (osr) => levelCount(osr) as number,
    getLevelDimensions: (osr, level) => dimensions((w, h) => levelDimensions(osr, level, w, h)),
    getLevelDownsample: (osr, level) => levelDownsample(osr, level) as number,
    getPropertyNames: (osr) => stringList(propertyNames(osr)),
    getPropertyValue: (osr, name) => propertyValue(osr, name) as string | null,
    getAssociatedImageNames: (osr) => stringList(associatedNames(osr)),
    getAssociatedImageDimensions: (osr, name) => dimensions((w, h) => associatedDimensions(osr, name, w, h)),
    readRegion: (osr, dest, x, y, level, w, h, done) => readRegion.async(osr, dest, x, y, level, w, h, done),
    readAssociatedImage: (osr, name, dest, done) => readAssociated.async(osr, name, dest, done),
  };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
