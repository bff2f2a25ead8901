import type { Db } from '../db/client';
import { todayStart } from '../repos/stats';
import { paperTaskDetails, paperTasks, paperUploadHistory } from '../db/schema/index';
import type { ProductPlan } from './products';
import { deriveSeed, minutesAgo } from './random';
import { insertRows } from './insert';

export interface PaperPrinter {
  name: string;
  ip: string;
}

const PRINTER_NAMES = ['Back office printer', 'Front counter printer', 'Deli label printer'];

/**
 * The label printers of a store: two or three, named and addressed from the store code alone, so that the seed and
 * the simulated printers (server/sim/paper.ts) agree without a table of their own.
 */
export function storePrinters(storeCode: string): PaperPrinter[] {
  const h = deriveSeed(0, 'printers', storeCode);
  const n = 2 + (h % 2);
  return PRINTER_NAMES.slice(0, n).map((name, i) => ({ name, ip: `10.${1 + ((h >>> 8) % 250)}.9.${50 + i}` }));
}

/** A printer's failures: resultCode (never 1) and the message it sends with it. */
export const PRINT_FAILURES: readonly { code: number; msg: string }[] = [
  { code: 2, msg: 'Paper jam' },
  { code: 3, msg: 'Out of labels' },
  { code: 4, msg: 'Printer offline' },
];
export const PRINT_SUCCESS_MSG = 'Printed';

/** Two finished print tasks for each given store (yesterday's and one from earlier today), answered by its printers. */
export async function seedPaperTasks(
  db: Db,
  seed: number,
  now: Date,
  stores: { storeCode: string; products: ProductPlan[] }[],
): Promise<void> {
  // "Earlier today" as the paper list counts today (UTC): 30 minutes ago, or within today when it began less than
  // half an hour ago (a seed just after midnight had put it yesterday, and the store then showed no task today).
  const todayAgeMin = Math.min(30, ((now.getTime() - todayStart(now).getTime()) / 60_000) * 0.9);
  for (const s of stores) {
    const printers = storePrinters(s.storeCode);
    const runs = [
      { no: 1, des: 'Weekly price labels', ageMin: 1500, products: s.products.slice(0, 5) },
      { no: 2, des: 'Promotion shelf talkers', ageMin: todayAgeMin, products: s.products.slice(5, 8) },
    ];
    for (const run of runs) {
      const taskId = `P-${s.storeCode}-${String(run.no).padStart(4, '0')}`;
      // A run takes 5 minutes, or half its age when it is younger (none ends in the future).
      const span = Math.min(5, run.ageMin / 2);
      const received = minutesAgo(now, run.ageMin);
      const done = minutesAgo(now, run.ageMin - span);
      await db.insert(paperUploadHistory).values({
        storeCode: s.storeCode,
        fileName: `paper_${s.storeCode}_${run.no}.csv`,
        taskId,
        taskDes: run.des,
        count: run.products.length,
        error: [],
        received,
        finished: done,
      });
      await db.insert(paperTasks).values({
        storeCode: s.storeCode,
        taskId,
        taskDes: run.des,
        total: run.products.length,
        complete: run.products.length,
        createdAt: received,
        updatedAt: done,
      });
      await insertRows(
        db,
        paperTaskDetails,
        run.products.map((p, i) => {
          const h = deriveSeed(seed, 'paper', s.storeCode, run.no, i);
          const failure = h % 5 === 0 ? PRINT_FAILURES[(h >>> 4) % PRINT_FAILURES.length] : undefined;
          const printer = printers[(h >>> 8) % printers.length];
          const at = minutesAgo(now, run.ageMin - span * (0.2 + 0.1 * i));
          return {
            storeCode: s.storeCode,
            taskId,
            prCode: p.prCode,
            prInfo: p.prInfo,
            printerIp: printer.ip,
            printerName: printer.name,
            resultCode: failure?.code ?? 1,
            resultMsg: failure?.msg ?? PRINT_SUCCESS_MSG,
            printedTime: failure ? null : at,
            updatedAt: at,
          };
        }),
      );
    }
  }
}
