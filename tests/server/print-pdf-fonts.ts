import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PIECE_PREFIX, pieceFileName, type FontFamily, type FontFiles } from '../../src/features/print/pdf/font-pieces';

/**
 * The label fonts as Node reads them (tests and bench): the same @fontsource-variable files the browser fetches
 * by URL, read from the package folders. Counts the pieces loaded, to show only the needed ones are.
 */
export function nodeFontFiles(): FontFiles & { loaded: string[] } {
  const root = (family: FontFamily) => join(process.cwd(), 'node_modules', '@fontsource-variable', PIECE_PREFIX[family]);
  const ranges = (family: FontFamily) => JSON.parse(readFileSync(join(root(family), 'unicode.json'), 'utf8')) as Record<string, string>;
  const loaded: string[] = [];
  return {
    ranges: { latin: ranges('latin'), ja: ranges('ja'), ko: ranges('ko') },
    loaded,
    async load(piece) {
      loaded.push(pieceFileName(piece));
      return new Uint8Array(await readFile(join(root(piece.family), 'files', pieceFileName(piece))));
    },
  };
}
