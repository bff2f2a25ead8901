import { CUSTOM_PAPER, NO_CORRECTION, type CustomPaper, type PrintCorrection } from './pdf/paper-layout';

/*
 * What a member set up for printing on label sheets, kept in this browser's localStorage: the correction belongs
 * to the printer at hand (another desk's printer is off by another amount), so it is stored per device, and per
 * member and paper type within it. The member settings on the server (/member) hold account data only, and a
 * correction there would follow the member to a printer it does not fit. Nothing here is secret.
 */

const key = (member: string, what: string) => `shelfpad.print.${member}.${what}`;

/** Offsets beyond a few centimetres or scales far from 100 % are typing mistakes, not printers. */
export const OFFSET_LIMIT_MM = 50;
export const SCALE_RANGE = { min: 50, max: 150 } as const;

const finite = (n: unknown, fallback: number, min: number, max: number) =>
  typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max ? n : fallback;

function read(storageKey: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function loadCorrection(member: string, paper: string): PrintCorrection {
  const saved = read(key(member, `correction.${paper}`));
  return {
    x: finite(saved?.x, NO_CORRECTION.x, -OFFSET_LIMIT_MM, OFFSET_LIMIT_MM),
    y: finite(saved?.y, NO_CORRECTION.y, -OFFSET_LIMIT_MM, OFFSET_LIMIT_MM),
    scale: finite(saved?.scale, NO_CORRECTION.scale, SCALE_RANGE.min, SCALE_RANGE.max),
  };
}

export function saveCorrection(member: string, paper: string, correction: PrintCorrection): void {
  localStorage.setItem(key(member, `correction.${paper}`), JSON.stringify(correction));
}

/** A common sheet to start from: A4, 3 × 8 labels of 70 × 37 mm, no margins or gaps. */
export const DEFAULT_CUSTOM_PAPER: CustomPaper = {
  sheet: { width: 210, height: 297 },
  rows: 8,
  columns: 3,
  margin: { top: 0.5, left: 0 },
  gap: { x: 0, y: 0 },
};

export function loadCustomPaper(member: string): CustomPaper {
  const saved = read(key(member, CUSTOM_PAPER)) as Partial<CustomPaper> | undefined;
  const d = DEFAULT_CUSTOM_PAPER;
  const n = (v: unknown, fallback: number) => finite(v, fallback, 0, 2000);
  return {
    sheet: { width: n(saved?.sheet?.width, d.sheet.width), height: n(saved?.sheet?.height, d.sheet.height) },
    rows: n(saved?.rows, d.rows),
    columns: n(saved?.columns, d.columns),
    margin: { top: n(saved?.margin?.top, d.margin.top), left: n(saved?.margin?.left, d.margin.left) },
    gap: { x: n(saved?.gap?.x, d.gap.x), y: n(saved?.gap?.y, d.gap.y) },
  };
}

export function saveCustomPaper(member: string, paper: CustomPaper): void {
  localStorage.setItem(key(member, CUSTOM_PAPER), JSON.stringify(paper));
}
