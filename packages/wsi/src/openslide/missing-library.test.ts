import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { slidePath } from '../../test/slides.ts';
import { TiffSlide } from '../slide.ts';
import { isOpenSlideAvailable, loadOpenSlide, setOpenSlideLibraryPath } from './library.ts';
import { openSlideFile } from './open-slide-file.ts';
import { OpenSlideSlide } from './openslide-slide.ts';

/** The library is simulated missing by pointing the lazy loader at a file that does not exist. */
const MISSING = '/nonexistent/libopenslide.so.0';
/** Where Debian's libopenslide0 puts the library (used to make it "appear"). */
const REAL_LIBRARY = '/usr/lib/x86_64-linux-gnu/libopenslide.so.0';
const NAMES_LIBRARY = {
  code: 'needs-openslide',
  message: expect.stringContaining('OpenSlide (libopenslide0) is not installed'),
};

afterEach(() => {
  setOpenSlideLibraryPath(null);
  delete process.env['TESSERA_OPENSLIDE_LIB'];
});

describe('without libopenslide0', () => {
  it('opening a file that needs OpenSlide fails with needs-openslide naming the library', async () => {
    setOpenSlideLibraryPath(MISSING);
    expect(await isOpenSlideAvailable()).toBe(false);
    await expect(OpenSlideSlide.open(slidePath('tcga-cr-7395-01a-01-ts1.svs'))).rejects.toMatchObject(
      NAMES_LIBRARY,
    );
    // The JPEG 2000 SVS opens in the TIFF reader, which hands it over: the library's absence is what is reported.
    await expect(openSlideFile(slidePath('tcga-cr-7395-01a-01-ts1.svs'))).rejects.toMatchObject(
      NAMES_LIBRARY,
    );
    // OpenSlide-only extensions fail the same way, before the file is even looked at.
    await expect(openSlideFile('/data/slides/case.ndpi')).rejects.toMatchObject(NAMES_LIBRARY);
    await expect(openSlideFile('/data/slides/case.mrxs')).rejects.toMatchObject(NAMES_LIBRARY);
  });

  it('TESSERA_OPENSLIDE_LIB points the loader elsewhere', async () => {
    process.env['TESSERA_OPENSLIDE_LIB'] = MISSING;
    await expect(loadOpenSlide()).rejects.toMatchObject(NAMES_LIBRARY);
  });

  it('everything else still opens through the TIFF reader', async () => {
    setOpenSlideLibraryPath(MISSING);
    for (const name of ['CMU-1-Small-Region.svs', 'boxes.tiff', 'cells-2c.ome.tif']) {
      const slide = await openSlideFile(slidePath(name));
      expect(slide).toBeInstanceOf(TiffSlide);
      await slide.close();
    }
  });

  it('a failed load is not remembered: once the library appears at that path, it loads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tessera-openslide-'));
    const path = join(dir, 'libopenslide.so.0');
    try {
      setOpenSlideLibraryPath(path);
      await expect(loadOpenSlide()).rejects.toMatchObject(NAMES_LIBRARY);
      await symlink(REAL_LIBRARY, path);
      expect((await loadOpenSlide()).version).toBe('3.4.1');
      const slide = await openSlideFile(slidePath('tcga-cr-7395-01a-01-ts1.svs'));
      expect(slide).toBeInstanceOf(OpenSlideSlide);
      await slide.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
