// English messages of the export menu and the report button (merged into en.ts).
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
} as const;
