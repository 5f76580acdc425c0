export {
  PyramidWriter,
  type CallerState,
  type CopiedJpegLevel,
  type PyramidWriterOptions,
  type LevelProgress,
} from './pyramid-writer.ts';
export { planLevels, type PlannedLevel } from './plan.ts';
export { buildOmeXml, buildAperioDescription, omeColorValue } from './descriptions.ts';
export { downsampleIntoQuadrant } from './downsample.ts';
export { LibvipsLevels, type LibvipsLevelsSource } from './libvips-levels.ts';
