// Query rows made chart lines: shared with the command line's report packs (src-shared/charts/trendLines.ts).
export * from '#shared/charts/trendLines.ts';
