import { PIECE_PREFIX, pieceFileName, type FontFamily, type FontFiles } from './font-pieces';

/*
 * The label fonts in the browser: Vite emits each @fontsource-variable piece as an asset of our own build and
 * gives its URL here, so a print fetches from our origin only the pieces its labels' characters need (the service
 * worker's /assets/ rule keeps them for the next print and offline). The ranges are small and come with the code.
 */

const urls = import.meta.glob<string>('/node_modules/@fontsource-variable/noto-sans*/files/*-wght-normal.woff2', {
  query: '?url',
  import: 'default',
  eager: true,
});
const rangeFiles = import.meta.glob<Record<string, string>>('/node_modules/@fontsource-variable/noto-sans*/unicode.json', {
  import: 'default',
  eager: true,
});

const rangesOf = (family: FontFamily) => rangeFiles[`/node_modules/@fontsource-variable/${PIECE_PREFIX[family]}/unicode.json`];

export const browserFontFiles: FontFiles = {
  ranges: { latin: rangesOf('latin'), ja: rangesOf('ja'), ko: rangesOf('ko') },
  async load(piece) {
    const url = urls[`/node_modules/@fontsource-variable/${PIECE_PREFIX[piece.family]}/files/${pieceFileName(piece)}`];
    if (!url) throw new Error(`No font file for ${pieceFileName(piece)}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}: ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  },
};
