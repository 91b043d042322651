// The script of an interactive HTML report (built once into one minified IIFE, inlined in every report file): reads
// the embedded JSON, writes every text with textContent, draws the charts with a minimal ECharts (SVG renderer,
// plain-text tooltips, legend toggles, zoom), makes the tables sortable, and checks the data's SHA-256.
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { htmlReportIds, type HtmlReportData } from '#shared/report/htmlReportData.ts';
import { fileChartOption } from './fileChartOption.ts';
import { renderTable } from './reportTable.ts';

use([
  SVGRenderer,
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  AriaComponent,
  DataZoomComponent,
  MarkAreaComponent,
  MarkLineComponent,
  VisualMapContinuousComponent,
]);

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  cls?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function header(data: HtmlReportData): HTMLElement {
  const head = el('header', undefined, 'report-head');
  head.append(el('p', `${data.app.name} · interactive report`, 'report-app'), el('h1', data.title));
  const list = el('dl', undefined, 'report-filters');
  for (const [label, value] of data.filters) list.append(el('dt', label), el('dd', value));
  head.append(list, el('p', data.dataAsOf, 'report-asof'));
  if (data.charts.length > 0)
    head.append(
      el(
        'p',
        'Hover a chart for its values; click a legend entry to hide or show its series; scroll or pinch on a chart to zoom, drag to pan. Click a column heading to sort a table.',
        'report-note',
      ),
    );
  return head;
}

function chartSection(chart: HtmlReportData['charts'][number], charts: ECharts[]): HTMLElement {
  const section = el('section', undefined, 'report-chart');
  section.append(el('h2', chart.title));
  const box = el('div', undefined, 'report-chart__box');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', chart.title);
  section.append(box);
  queueMicrotask(() => {
    const instance = init(box, null, { renderer: 'svg' });
    instance.setOption(fileChartOption(chart.option));
    charts.push(instance);
  });
  return section;
}

/** The printed SHA-256 against the embedded text's own (a changed file says so). */
async function checkDigest(text: string): Promise<void> {
  const printed = document.getElementById(htmlReportIds.sha256);
  const verdict = document.getElementById(`${htmlReportIds.sha256}-check`);
  if (!printed || !verdict || !globalThis.crypto?.subtle) return;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  verdict.textContent =
    hex === printed.textContent?.trim()
      ? '(checked by this page: it matches)'
      : '(checked by this page: it does NOT match — the data was changed after export)';
}

function start(): void {
  const root = document.getElementById(htmlReportIds.root);
  const source = document.getElementById(htmlReportIds.data);
  if (!root || !source) return;
  const text = source.textContent ?? '';
  const data = JSON.parse(text) as HtmlReportData;
  const charts: ECharts[] = [];
  root.replaceChildren(
    header(data),
    ...data.charts.map((c) => chartSection(c, charts)),
    ...data.tables.map(renderTable),
  );
  document.title = `${data.title} · ${data.app.name}`;
  let pending = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => charts.forEach((c) => c.resize()));
  });
  void checkDigest(text);
}

start();
