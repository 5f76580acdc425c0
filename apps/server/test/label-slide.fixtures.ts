/**
 * Test slides with a label of known content (issue #15 point 5): the label is drawn — text lines in
 * DejaVu Sans, a Code 128 and a DataMatrix made with zxing-wasm's writer — and stored as the label image
 * of a small Aperio-style TIFF (a tiled level, a thumbnail, then the label, as scanners write them), so
 * the label extract reads it through the same imaging path as a real slide's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { buildTiff, imageTags } from '../../../packages/wsi/test/tiny-tiff.ts';

const require = createRequire(import.meta.url);

export interface LabelContent {
  lines: string[];
  code128?: string;
  dataMatrix?: string;
}

async function codePicture(text: string, format: 'Code128' | 'DataMatrix'): Promise<Buffer> {
  const writer = await import('zxing-wasm/writer');
  const wasmBinary = await readFile(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  await writer.prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  const code = await writer.writeBarcode(text, { format, scale: format === 'Code128' ? 2 : 5 });
  if (code.error || !code.image) throw new Error(`Cannot write ${format}: ${code.error}`);
  return Buffer.from(await code.image.arrayBuffer());
}

/** The label as a PNG, 600 × 400, white, text at the top and codes below. */
export async function labelPicture(content: LabelContent): Promise<Buffer> {
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = content.lines
    .map(
      (line, i) =>
        `<text x="24" y="${56 + i * 48}" font-family="DejaVu Sans" font-size="32">${escape(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="white"/>${text}</svg>`;
  const codes = [];
  if (content.code128)
    codes.push({ input: await codePicture(content.code128, 'Code128'), left: 24, top: 200 });
  if (content.dataMatrix)
    codes.push({ input: await codePicture(content.dataMatrix, 'DataMatrix'), left: 440, top: 200 });
  return sharp(Buffer.from(svg)).composite(codes).png().toBuffer();
}

/** Writes an Aperio-style slide whose label image shows `content`. */
export async function writeLabelledSlide(path: string, content: LabelContent): Promise<void> {
  const label = await sharp(await labelPicture(content))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = label.info;
  const tile = Buffer.alloc(256 * 256 * 3, 230);
  const thumbnail = Buffer.alloc(64 * 64 * 3, 230);
  const file = buildTiff(
    [
      {
        tags: imageTags({
          width: 256,
          height: 256,
          tile: [256, 256],
          spp: 3,
          photometric: 2,
          description: 'Aperio Image Library Tessera test\n256x256 (256x256) RAW|AppMag = 20|MPP = 0.5',
        }),
        chunks: [tile],
        tiled: true,
      },
      {
        tags: imageTags({
          width: 64,
          height: 64,
          rowsPerStrip: 64,
          spp: 3,
          photometric: 2,
          description: 'Aperio Image Library\n64x64',
        }),
        chunks: [thumbnail],
      },
      {
        tags: [
          { tag: 254, type: 4, values: [1] },
          ...imageTags({
            width,
            height,
            rowsPerStrip: height,
            spp: 3,
            photometric: 2,
            description: `Aperio Image Library\nlabel ${width}x${height}`,
          }),
        ],
        chunks: [label.data],
      },
    ],
    { bigTiff: false, littleEndian: true },
  );
  await writeFile(path, file);
}
