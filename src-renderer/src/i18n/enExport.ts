// English messages of the export menu, the report button and the exported tables' headers (merged into en.ts).
export const enExport = {
  export: {
    open: 'Export',
    label: 'Export {title}',
    busy: 'Exporting…',
    size: 'Size',
    ratio: 'Pixel ratio',
    csvExcel: 'CSV for Excel',
    report: 'Export report (PDF)',
    saved: 'Saved to {path}',
    downloaded: 'Downloaded {name}',
  },
  exportTables: {
    figure: 'Figure',
    value: 'Value',
    previous: 'Comparison period',
    name: 'Name',
    detail: 'Detail',
    alertId: 'Alert id',
    pointId: 'Experience point id',
    surveyId: 'Survey id',
    questionId: 'Question id',
    overviewFigures: 'Figures',
    alerts: 'Alerts',
    rows: 'Rows',
  },
} as const;
