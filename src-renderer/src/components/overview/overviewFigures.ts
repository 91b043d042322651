// The overview's three figures: shared with the command line's report packs (src-shared/charts/overviewFigures.ts).
export * from '#shared/charts/overviewFigures.ts';
