import { useMemo } from 'react';
import type { SystemStatusPoint } from '../../../contract/schemas/status';
import { LineChart, type LineSeriesData } from './line-chart';
import { historyPoints, type HistoryField } from './status-history';

export interface HistoryLine {
  field: HistoryField;
  /** Already translated. */
  label: string;
  color: string;
}

/** The chart of a history answer: one line per field that has points; fields never reported leave no empty line. */
export function StatusHistoryChart({
  points,
  lines,
  title,
  testId,
  nowMs,
}: {
  points: readonly SystemStatusPoint[];
  lines: readonly HistoryLine[];
  title: string;
  testId: string;
  nowMs?: number;
}) {
  const series = useMemo<LineSeriesData[]>(
    () =>
      lines
        .map(({ field, label, color }) => ({ key: field, label, color, points: historyPoints(points, field, nowMs) }))
        .filter((s) => s.points.length > 0),
    [points, lines, nowMs],
  );
  return <LineChart series={series} title={title} testId={testId} />;
}
