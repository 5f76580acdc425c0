import sharp from 'sharp';
import { expect, it } from 'vitest';
import { convertToSrgb, isUsableRgbProfile } from './icc.ts';

/** A Display P3 profile, as libvips writes it. */
async function p3Profile(): Promise<Buffer> {
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#808080' } })
    .withIccProfile('p3')
    .png()
    .toBuffer();
  return (await sharp(png).metadata()).icc!;
}

it('converts P3 pixels to sRGB: a saturated P3 red lies outside sRGB and changes', async () => {
  const icc = await p3Profile();
  expect(isUsableRgbProfile(icc)).toBe(true);
  const rgb = Buffer.alloc(4 * 4 * 3);
  for (let i = 0; i < rgb.length; i += 3) rgb.set([200, 30, 40], i);
  const out = await convertToSrgb(rgb, 4, 4, icc);
  expect(out.length).toBe(rgb.length);
  expect(out[0]).toBeGreaterThan(205); // P3 red is redder than sRGB red
  expect(out[1]).toBeLessThan(30);
});

it('refuses profiles lcms2 would reject (sharp would ignore them silently)', async () => {
  const icc = await p3Profile();
  expect(isUsableRgbProfile(icc.subarray(0, 100))).toBe(false);
  const broken = Buffer.from(icc);
  broken.write('xxxx', 36, 'latin1');
  expect(isUsableRgbProfile(broken)).toBe(false);
});
