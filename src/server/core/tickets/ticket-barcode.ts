import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/** Pixels per module: 3 is sharp enough for the PDF's ~250 pt wide barcode (about 170 dpi, 0.45 mm bars). */
export const PDF_BARCODE_SCALE = 3;

/**
 * The Code128 barcode of a ticket (docs/product/tickets-and-refunds.md#ticket-barcode) as an 8-bit greyscale
 * PNG on white, with the content printed below it and a quiet zone of 10 modules left and right, so scanners
 * find the start and stop patterns. Greyscale without alpha keeps the PDF small and fast: pdfkit embeds such
 * a PNG's data as it is, while an RGBA one (what bwip-js writes) would be split into colour and mask pixel by
 * pixel. Both renderers use this function; only the scale differs.
 */
export async function renderBarcodePng(content: string, scale = PDF_BARCODE_SCALE): Promise<Buffer> {
  const rgba = await bwipjs.toBuffer({
    bcid: 'code128',
    text: content,
    scale,
    height: 18, // mm at scale 1
    includetext: true,
    textxalign: 'center',
    textyoffset: -2, // a small gap between bars and text

    paddingwidth: 10, // quiet zone, in modules
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  // bwip-js sets the text flush with the bottom edge: add the bottom padding it leaves out
  return sharp(rgba)
    .flatten({ background: '#ffffff' })
    .extend({ bottom: 4 * scale, background: '#ffffff' })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/** Width and height of a PNG from its IHDR chunk (no decoding needed for layout). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
