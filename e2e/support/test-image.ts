// Images for upload journeys, written with zlib: no image library in the tests.
import { crc32, deflateSync } from 'node:zlib';

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
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
