export * from './slide-interface.ts';
export { decodeJpeg } from './jpeg-decode.ts';
export { MAX_CANVAS_PIXELS } from './pictures.ts';
export * from './composite-tile.ts';
export * from './virtual-levels.ts';
export * from './icc.ts';
export { Level0Grid, rgbSamples, channelSamples, type Chunk, type Samples } from './level0-grid.ts';
export * from './channel-statistics.ts';
