import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { PRINT_RESULT_SUCCESS_CODE } from '../../contract/schemas/constants-admin';
import { paperTaskDetails, paperTasks } from '../db/schema/index';
import { PRINT_FAILURES, PRINT_SUCCESS_MSG, storePrinters } from '../seed/paper';
import type { SimModule, TickContext } from './context';
import { hash32, unitHash } from './rng';

/** A label is answered this long (simulated) after it was queued, per label in [min, max]. */
export const PAPER_PRINT_MIN_MS = 2_000;
export const PAPER_PRINT_MAX_MS = 12_000;
/** Share of labels a printer fails (jam, out of labels, offline). */
export const PAPER_FAILURE_RATE = 0.15;
/** Most waiting labels looked at in one round; the rest wait for the next. */
const MAX_ROWS = 500;
const CHECK_EVERY_MS = 1_000;

/**
 * The store's label printers (docs/architecture.md §6): each waiting label of an unfinished print task is answered by one of
 * the store's printers some seconds after it was queued — mostly printed (resultCode 1), now and then failed with a
 * message. The draws hang on the seed and the label (store, task, product code), not on row ids or tick timing, so
 * a run is repeatable. The task's complete count, and the upload's finished time once every label has an answer,
 * follow.
 */
export function paperModule(): SimModule {
  return {
    name: 'paper',
    async tick(ctx) {
      if (ctx.due('paper', CHECK_EVERY_MS)) await answerLabels(ctx);
    },
  };
}

interface Waiting {
  id: number;
  storeCode: string;
  taskId: string;
  prCode: string;
  queuedAt: Date;
}

/** The printer's answer to one label; exported for the tests, which need to know what a label will get. */
export function printAnswer(seed: number, label: Pick<Waiting, 'storeCode' | 'taskId' | 'prCode'>) {
  const key = [label.storeCode, label.taskId, label.prCode] as const;
  const printers = storePrinters(label.storeCode);
  const printer = printers[hash32(seed, 'paper-printer', ...key) % printers.length];
  const delayMs = PAPER_PRINT_MIN_MS + unitHash(seed, 'paper-delay', ...key) * (PAPER_PRINT_MAX_MS - PAPER_PRINT_MIN_MS);
  const failure =
    unitHash(seed, 'paper-fail', ...key) < PAPER_FAILURE_RATE
      ? PRINT_FAILURES[hash32(seed, 'paper-why', ...key) % PRINT_FAILURES.length]
      : undefined;
  return {
    printer,
    delayMs,
    resultCode: failure?.code ?? PRINT_RESULT_SUCCESS_CODE,
    resultMsg: failure?.msg ?? PRINT_SUCCESS_MSG,
    printed: !failure,
  };
}

async function answerLabels(ctx: TickContext): Promise<void> {
  const { db } = ctx.deps;
  const d = paperTaskDetails;
  const waiting: Waiting[] = await db
    .select({ id: d.id, storeCode: d.storeCode, taskId: d.taskId, prCode: d.prCode, queuedAt: d.updatedAt })
    .from(d)
    .innerJoin(paperTasks, and(eq(paperTasks.storeCode, d.storeCode), eq(paperTasks.taskId, d.taskId)))
    .where(and(isNull(d.resultCode), lt(paperTasks.complete, paperTasks.total)))
    .orderBy(asc(d.id))
    .limit(MAX_ROWS);
  const now = ctx.now.getTime();
  const answers = waiting
    .map((label) => ({ label, answer: printAnswer(ctx.seed, label) }))
    .filter(({ label, answer }) => label.queuedAt.getTime() + answer.delayMs <= now);
  if (!answers.length) return;

  const at = ctx.now.toISOString();
  const values = sql.join(
    answers.map(
      ({ label, answer: a }) =>
        sql`(${label.id}::bigint, ${a.resultCode}::int, ${a.resultMsg}::text, ${a.printer.ip}::text, ${a.printer.name}::text, ${a.printed}::boolean)`,
    ),
    sql`, `,
  );
  // The null guard leaves a label answered meanwhile (another process, a real printer) as it is.
  await db.execute(sql`
    update ${d} set result_code = v.code, result_msg = v.msg, printer_ip = v.ip, printer_name = v.name,
      printed_time = case when v.printed then ${at}::timestamptz else null end, updated_at = ${at}::timestamptz
    from (values ${values}) as v(id, code, msg, ip, name, printed)
    where ${d.id} = v.id and ${d.resultCode} is null`);

  const tasks = [...new Map(answers.map(({ label }) => [`${label.storeCode}\u0000${label.taskId}`, label])).values()];
  const keys = sql.join(
    tasks.map((t) => sql`(${t.storeCode}::text, ${t.taskId}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${paperTasks} set updated_at = ${at}::timestamptz,
      complete = (select count(*)::int from ${d} where ${d.storeCode} = ${paperTasks.storeCode} and ${d.taskId} = ${paperTasks.taskId} and ${d.resultCode} is not null)
    where (${paperTasks.storeCode}, ${paperTasks.taskId}) in (values ${keys})`);
  await db.execute(sql`
    update paper_upload_history h set finished = ${at}::timestamptz
    from ${paperTasks} t
    where h.finished is null and h.store_code = t.store_code and h.task_id = t.task_id and t.complete >= t.total
      and (t.store_code, t.task_id) in (values ${keys})`);
}
