import { PDFHexString, PDFRawStream, type PDFDocument, type PDFRef } from 'pdf-lib';

/*
 * A PNG's compressed rows go into the PDF as they are: a PNG's IDAT is zlib data of filtered rows, which a PDF
 * reader decodes with FlateDecode and predictor 15 (PDF 32000-1 §7.4.4.4). pdf-lib's embedPng inflates and
 * deflates every image instead — about 25 ms each, the whole cost of a 1,000-product PDF. Only the plain PNGs the
 * server's label renderer writes qualify (indexed, grey or RGB, no alpha, not interlaced); the caller embeds any
 * other PNG the usual way.
 */

export interface PassedPng {
  ref: PDFRef;
  width: number;
  height: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GREY = 0;
const RGB = 2;
const INDEXED = 3;

export function embedPngAsIs(doc: PDFDocument, png: Uint8Array): PassedPng | undefined {
  if (png.length < 8 || SIGNATURE.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0, height = 0, depth = 0, colour = -1, interlace = 0;
  let palette: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      [depth, colour] = [data[8], data[9]];
      interlace = data[12];
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'tRNS') return undefined;
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!width || !height || interlace || !idat.length || ![GREY, RGB, INDEXED].includes(colour)) return undefined;
  if (colour === RGB && depth !== 8) return undefined;
  if (colour === INDEXED && !palette) return undefined;

  const colourSpace =
    colour === INDEXED
      ? ['Indexed', 'DeviceRGB', palette!.length / 3 - 1, PDFHexString.of([...palette!].map((b) => b.toString(16).padStart(2, '0')).join(''))]
      : colour === RGB ? 'DeviceRGB' : 'DeviceGray';
  const dict = doc.context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: depth,
    ColorSpace: colourSpace,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colour === RGB ? 3 : 1, BitsPerComponent: depth, Columns: width },
  });
  const bytes = idat.length === 1 ? idat[0] : concat(idat);
  return { ref: doc.context.register(PDFRawStream.of(dict, bytes)), width, height };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
