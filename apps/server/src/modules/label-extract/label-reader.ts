/**
 * Reading a label image (issue #15 point 5): its barcodes and 2-D codes with zxing-wasm, its text with
 * tesseract.js and the English data of @tesseract.js-data/eng — both from node_modules, so nothing is
 * downloaded at run time. One reader per job: the OCR engine takes a second to start and is reused for
 * every label of the job, then closed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { LabelReading } from '@tessera/domain';

const require = createRequire(import.meta.url);

type ZXingReader = typeof import('zxing-wasm/reader');
let zxing: Promise<ZXingReader> | null = null;

/** zxing's reader with its WebAssembly read from the package (its default would fetch it from a CDN). */
function zxingReader(): Promise<ZXingReader> {
  zxing ??= (async () => {
    const reader = await import('zxing-wasm/reader');
    const wasmBinary = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await reader.prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return reader;
  })();
  return zxing;
}

/** Labels are small: below this width they are enlarged for OCR, which reads text best at ~30 px height. */
const OCR_MIN_WIDTH = 1000;

export interface LabelReader {
  read(picture: Buffer): Promise<LabelReading & { text: string }>;
  close(): Promise<void>;
}

export async function openLabelReader(): Promise<LabelReader> {
  const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  const [reader, ocr]: [ZXingReader, Worker] = await Promise.all([
    zxingReader(),
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath: eng.langPath,
      gzip: eng.gzip,
      // The data is read from the package each time: nothing is written beside it or elsewhere.
      cacheMethod: 'none',
    }),
  ]);
  return {
    async read(picture) {
      const codes = (
        await reader.readBarcodes(new Uint8Array(picture), { tryHarder: true, maxNumberOfSymbols: 8 })
      )
        .filter((code) => code.isValid && code.text)
        .map((code) => code.text);
      const { width = 0 } = await sharp(picture).metadata();
      const forOcr =
        width > 0 && width < OCR_MIN_WIDTH
          ? await sharp(picture)
              .resize({ width: width * 2 })
              .png()
              .toBuffer()
          : picture;
      const { data } = await ocr.recognize(forOcr);
      const text = data.text.trim();
      const lines = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      return { codes, lines, text };
    },
    close: async () => {
      await ocr.terminate();
    },
  };
}
