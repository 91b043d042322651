// Untrusted text as chart text: ECharts draws it on the canvas (never HTML); these keep it literal and bounded.

/** `{` `}` `|` are rich-text markup in ECharts' canvas text: dropped so a name is shown as the characters it is. */
export function plainChartText(text: string): string {
  return text.replace(/[{}|]/g, '');
}

/** At most `max` characters (whole code points), with `…` when cut: a 10,000-character name keeps its legend small. */
export function shortChartText(text: string, max = 40): string {
  const plain = plainChartText(text).replace(/\s+/g, ' ').trim();
  const points = Array.from(plain);
  return points.length <= max ? plain : `${points.slice(0, max - 1).join('')}…`;
}

/** The colours a chart needs from the theme (light or dark); the defaults are the light theme's. */
export interface ChartColors {
  text: string;
  muted: string;
  axis: string;
  grid: string;
}

export const lightChartColors: ChartColors = {
  text: '#3c4452',
  muted: '#5b6472',
  axis: '#c7ccd6',
  grid: '#eceff4',
};

export const darkChartColors: ChartColors = {
  text: '#d8dde6',
  muted: '#a9b1be',
  axis: '#4a5261',
  grid: '#2c323c',
};

/**
 * A chart drawn in the dark theme, coloured for a file's white page: each dark theme colour (JSON text of the option)
 * becomes its light theme counterpart, so exported text and axes stay readable whatever theme the app shows.
 */
export function lightColorsForFile(json: string): string {
  let out = json;
  for (const key of Object.keys(darkChartColors) as (keyof ChartColors)[])
    out = out.split(JSON.stringify(darkChartColors[key])).join(JSON.stringify(lightChartColors[key]));
  return out;
}

/** The zoomable day axis and count axis that the per-day charts share (alert timeline, reconciliation). */
export function zoomableDayAxes(days: string[], c: ChartColors) {
  return {
    dataZoom: [
      { type: 'inside' as const, xAxisIndex: 0 },
      { type: 'slider' as const, xAxisIndex: 0, bottom: 12, height: 20, textStyle: { color: c.muted } },
    ],
    xAxis: {
      type: 'category' as const,
      data: days,
      axisLabel: { color: c.muted, hideOverlap: true },
      axisLine: { lineStyle: { color: c.axis } },
    },
    yAxis: {
      type: 'value' as const,
      minInterval: 1,
      axisLabel: { color: c.muted },
      splitLine: { lineStyle: { color: c.grid } },
    },
  };
}
