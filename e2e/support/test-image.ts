// Images for upload journeys, written with zlib: no image library in the tests.
import { deflateSync } from 'node:zlib';
import { pngFile } from '../../test/helpers/png';

/** A wide PNG (2.818 : 1, colour bands) written with zlib: the cover to crop, no image library needed. */
export function coverPng(width = 1200, height = 426): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // the first byte of each row is its filter type, 0 = none
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x / width) * 6) % 2;
      raw[row + 1 + x * 3] = 40 + Math.round((180 * x) / width);
      raw[row + 2 + x * 3] = band ? 170 : 110;
      raw[row + 3 + x * 3] = 90 + Math.round((120 * y) / height);
    }
  }
  return pngFile(width, height, 2, deflateSync(raw));
}
