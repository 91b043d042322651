// Period presets as date ranges: shared with the command line's report packs (src-shared/periods.ts).
export * from '#shared/periods.ts';
