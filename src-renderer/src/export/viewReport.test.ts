// A view's report collects what its charts and tables registered: in the order shown, only while mounted, the
// charts' rows as tables only when the view has no key table of its own (cases written out by hand).
/* eslint-disable vue/one-component-per-file -- a view and its parts, small and local to this test */
import { mount } from '@vue/test-utils';
import { defineComponent, h, ref, type PropType } from 'vue';
import { describe, expect, it } from 'vitest';
import type { ExportTable } from '#shared/contract.ts';
import { numberFormatter } from '#shared/charts/chartFormat.ts';
import { provideViewReport, useReportPart, useReportTable, type ViewReport } from './viewReport.ts';

const table = (title: string, rows: ExportTable['rows']): ExportTable => ({
  title,
  columns: [{ key: 'a', label: 'A', type: 'number' }],
  rows,
});
const barOption = {
  xAxis: { type: 'category', data: ['x', 'y'] },
  yAxis: { type: 'value', axisLabel: { formatter: numberFormatter({ style: 'score', locale: 'en-US' }) } },
  series: [{ type: 'bar', name: 'Presses', data: [1, 2] }],
};

const Chart = defineComponent({
  props: {
    title: { type: String, required: true },
    option: { type: Object as PropType<object | null>, default: null },
  },
  setup(props) {
    useReportPart({
      kind: 'chart',
      title: () => props.title,
      option: () => props.option ?? null,
      rows: () => table(`${props.title} rows`, [[1]]),
    });
    return () => h('figure');
  },
});
const Table = defineComponent({
  props: { title: { type: String, required: true } },
  setup(props) {
    useReportTable(() => table(props.title, [[7]]));
    return () => h('table');
  },
});

function view(children: () => ReturnType<typeof h>[], own?: (report: ViewReport) => void) {
  let report: ViewReport | undefined;
  const View = defineComponent({
    setup() {
      report = provideViewReport();
      own?.(report);
      return () => h('section', children());
    },
  });
  const wrapper = mount(View);
  if (!report) throw new Error('no report');
  return { wrapper, report };
}

describe('view report', () => {
  it('charts in the order shown; the key tables, the view’s own first; formatters kept as descriptors', () => {
    const { report } = view(
      () => [h(Chart, { title: 'Trend', option: barOption }), h(Table, { title: 'Best points' })],
      (r) => useReportTable(() => table('Figures', [[3]]), r),
    );
    const { charts, tables } = report.collect();
    expect(charts.map((c) => c.title)).toEqual(['Trend']);
    // JSON only (what crosses to main), with the axis formatter as its descriptor.
    expect(charts[0]?.option).toMatchObject({
      yAxis: { axisLabel: { formatter: { $formatter: 'number', format: { style: 'score' } } } },
    });
    expect(tables.map((t) => t.title)).toEqual(['Figures', 'Best points']);
  });

  it('without key tables the charts’ rows are the tables; a chart with nothing drawn is left out', () => {
    const { report } = view(() => [
      h(Chart, { title: 'Gender', option: barOption }),
      h(Chart, { title: 'Empty', option: null }),
      h(Chart, { title: 'Age', option: barOption }),
    ]);
    const { charts, tables } = report.collect();
    expect(charts.map((c) => c.title)).toEqual(['Gender', 'Age']);
    expect(tables.map((t) => t.title)).toEqual(['Gender rows', 'Age rows']);
  });

  it('a part leaves the report when it is unmounted; empty tables are left out', async () => {
    const shown = ref(true);
    const { report, wrapper } = view(() => [
      ...(shown.value ? [h(Table, { title: 'Alerts' })] : []),
      h(Chart, { title: 'Timeline', option: barOption }),
    ]);
    expect(report.collect().tables.map((t) => t.title)).toEqual(['Alerts']);
    shown.value = false;
    await wrapper.vm.$nextTick();
    expect(report.collect().tables.map((t) => t.title)).toEqual(['Timeline rows']);
  });
});
