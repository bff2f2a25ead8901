/** The data a line chart draws (line-chart.tsx) and its canvas (line-chart-canvas.tsx, loaded on demand) takes. */
export interface LinePoint {
  /** yyyy-mm-dd for series over days; epoch seconds for series within a day (the 24 h status histories). */
  time: string | number;
  value: number;
}

export interface LineSeriesData {
  key: string;
  label: string;
  /** A colour or a CSS variable (resolved before it reaches the canvas). */
  color: string;
  points: LinePoint[];
}
