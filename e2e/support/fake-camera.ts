// A fake camera for the door check-in journeys (docs/product/organizer-day.md#check-in): Chromium plays a
// YUV4MPEG2 file as the camera when started with --use-file-for-fake-video-capture. The flags only work at
// browser launch, so the journey launches its own Chromium once the picture (a real ticket) exists.
import { writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { FULL_CHROMIUM } from './browsers';

/**
 * Writes `png` as a y4m video of `frames` identical frames (4:2:0, 10 fps), fitted into width × height (both
 * even) on white: the header `YUV4MPEG2 W H F10:1 Ip A1:1 C420jpeg`, then per frame `FRAME\n` + Y + U + V.
 */
export async function writeY4m(
  png: Buffer,
  file: string,
  { width = 1200, height = 900, frames = 5 } = {},
): Promise<void> {
  if (width % 2 || height % 2) throw new Error('y4m: width and height must be even');
  const { data } = await sharp(png)
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const rgb = (x: number, row: number) => {
    const i = (row * width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
  for (let row = 0; row < height; row++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb(x, row);
      y[row * width + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // full-range (JPEG) chroma, averaged over each 2 × 2 block
  for (let row = 0; row < height / 2; row++) {
    for (let x = 0; x < width / 2; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [pr, pg, pb] = rgb(x * 2 + dx, row * 2 + dy);
        r += pr;
        g += pg;
        b += pb;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
      u[row * (width / 2) + x] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[row * (width / 2) + x] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** The full Chromium (e2e/support/browsers.ts), started with the fake camera playing `y4mFile` and the permission prompt skipped. */
export function launchWithFakeCamera(y4mFile: string, baseArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: [
      ...baseArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4mFile}`,
    ],
  });
}
