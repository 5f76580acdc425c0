export { PyramidWriter } from './pyramid-writer.ts';
export type { CopiedJpegLevel, PyramidWriterOptions } from './pyramid-options.ts';
export type { CallerState } from './checkpoint.ts';
export { planLevels, type LevelProgress, type PlannedLevel } from './plan.ts';
export { buildOmeXml, buildAperioDescription, omeColorValue } from './descriptions.ts';
export { downsampleIntoQuadrant } from './downsample.ts';
export { LibvipsLevels, type LibvipsLevelsSource } from './libvips-levels.ts';
