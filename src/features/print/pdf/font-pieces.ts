/*
 * Which Noto file draws a character, as the server's renderer chooses (server/lib/label/fonts.ts): the
 * @fontsource-variable packages split each family into WOFF2 pieces by Unicode range (their unicode.json), and
 * each character goes to the first family of the label's order whose ranges hold it. Pure: the ranges and the
 * bytes come from a FontFiles — Vite URLs in the browser (font-files-browser.ts), the package folder in Node.
 */

export type FontFamily = 'latin' | 'ja' | 'ko';

/** One WOFF2 piece: a family and the subset key of its unicode.json ('latin', '12', …). */
export interface FontPiece {
  family: FontFamily;
  subset: string;
}

export interface FontFiles {
  /** Each family's unicode.json: subset key ('[12]' or 'latin') → 'U+0000-00FF,U+0131'. */
  ranges: Record<FontFamily, Record<string, string>>;
  /** The piece's variable-weight WOFF2 bytes. */
  load(piece: FontPiece): Promise<Uint8Array>;
}

/** The file name the packages give a piece ('noto-sans-jp-12-wght-normal.woff2'). */
export const PIECE_PREFIX: Record<FontFamily, string> = { latin: 'noto-sans', ja: 'noto-sans-jp', ko: 'noto-sans-kr' };
export const pieceFileName = (piece: FontPiece) => `${PIECE_PREFIX[piece.family]}-${piece.subset}-wght-normal.woff2`;
export const pieceKey = (piece: FontPiece) => `${piece.family}:${piece.subset}`;

interface Range {
  lo: number;
  hi: number;
  subset: string;
}

/** The label's family order: the locale's CJK family before the other, so Han characters take its shapes. */
export function familyOrder(locale: string | undefined): FontFamily[] {
  return /^ko\b/i.test(locale ?? '') ? ['latin', 'ko', 'ja'] : ['latin', 'ja', 'ko'];
}

export interface PieceRun {
  piece: FontPiece;
  text: string;
}

/** Marks, joiners and variation selectors stay with the character before them. */
const CLUSTER_CONTINUE = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

export class PiecePicker {
  private readonly tables = new Map<FontFamily, Range[]>();
  private readonly runs = new Map<string, PieceRun[]>();

  constructor(private readonly files: Pick<FontFiles, 'ranges'>) {}

  private table(family: FontFamily): Range[] {
    let table = this.tables.get(family);
    if (!table) {
      table = Object.entries(this.files.ranges[family]).flatMap(([key, text]) =>
        text.split(',').map((part) => {
          const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
          return { lo: parseInt(lo, 16), hi: parseInt(hi ?? lo, 16), subset: key.replace(/^\[(\d+)\]$/, '$1') };
        }),
      );
      table.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
      this.tables.set(family, table);
    }
    return table;
  }

  /** The piece of a family that holds the code point; ranges overlap a little, the first wins. */
  pieceOf(family: FontFamily, codePoint: number): FontPiece | undefined {
    const table = this.table(family);
    let lo = 0;
    let hi = table.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (table[mid].lo <= codePoint) lo = mid;
      else hi = mid - 1;
    }
    for (let i = lo; i >= 0 && i > lo - 64; i--)
      if (table[i].lo <= codePoint && codePoint <= table[i].hi) return { family, subset: table[i].subset };
    return undefined;
  }

  /** The text as runs of one piece each; a character no family holds goes to the first family's space piece. */
  runsOf(text: string, order: readonly FontFamily[]): PieceRun[] {
    const key = `${order.join(',')}\u0000${text}`;
    let runs = this.runs.get(key);
    if (!runs) {
      runs = this.split(text, order);
      if (this.runs.size > 20_000) this.runs.clear();
      this.runs.set(key, runs);
    }
    return runs;
  }

  private split(text: string, order: readonly FontFamily[]): PieceRun[] {
    const runs: PieceRun[] = [];
    let piece: FontPiece | undefined;
    let current = '';
    for (const ch of text) {
      let next = piece;
      if (!piece || !CLUSTER_CONTINUE.test(ch)) {
        next = undefined;
        for (const family of order) if ((next = this.pieceOf(family, ch.codePointAt(0)!))) break;
        next ??= this.pieceOf(order[0], 0x20)!;
      }
      if (piece && current && pieceKey(next!) !== pieceKey(piece)) {
        runs.push({ piece, text: current });
        current = '';
      }
      piece = next;
      current += ch;
    }
    if (current && piece) runs.push({ piece, text: current });
    return runs;
  }
}
