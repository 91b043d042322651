// The typed contract between the renderer and main: see contract/index.ts (split by domain in contract/).
export * from './contract/index.ts';
