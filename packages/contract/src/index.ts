export * from './route.ts';
export * from './errors.ts';
export * as app from './app.contract.ts';
export * as projects from './projects.contract.ts';
export * as auth from './auth.contract.ts';
export * as profile from './profile.contract.ts';
export * as members from './members.contract.ts';
export * as sso from './sso.contract.ts';
export * as slides from './slides.contract.ts';
export * as tiles from './tiles.contract.ts';
export * as equalization from './equalization.contract.ts';
export * as landmarks from './landmarks.contract.ts';
export * as toolConfigs from './tool-configs.contract.ts';
export * as slideGrid from './slide-grid.contract.ts';
export * as vocabularies from './vocabularies.contract.ts';
export * as metadataImport from './metadata-import.contract.ts';
export * as slideExport from './slide-export.contract.ts';
export type { ExportRequest } from './slide-export.contract.ts';
export {
  MAX_REPORTED_MESSAGES,
  type CsvImportReport,
  type CsvImportEvent,
  type CsvImportRequest,
} from './metadata-import.contract.ts';
export * as sharedViews from './shared-views.contract.ts';
export * as metadataPresets from './metadata-presets.contract.ts';
export * as annotations from './annotations.contract.ts';
export * as annotationEdits from './annotation-edits.contract.ts';
export * as annotationLinks from './annotation-links.contract.ts';
export * as annotationCopy from './annotation-copy.contract.ts';
export * as annotationVersions from './annotation-versions.contract.ts';
export * as jobs from './jobs.contract.ts';
export * as slideCopy from './slide-copy.contract.ts';
export * as transfers from './transfers.contract.ts';
export * as labelExtract from './label-extract.contract.ts';
export { JobArtifact } from './jobs.contract.ts';
export type { ProjectJob } from './jobs.contract.ts';
export type { AnnotationSet, AnnotationSetVersion, RegionAnnotation } from './annotations.contract.ts';
export type { VersionCollection } from './annotation-versions.contract.ts';
export type { MetadataPreset } from './metadata-presets.contract.ts';
export type {
  Slide,
  SlideDetails,
  SlideConversion,
  ConversionStatus,
  ImageInfo,
  ImportSummary,
} from './slides.contract.ts';
export { Id, Project, ProjectRoleSchema, ProjectParams } from './projects.contract.ts';
export type {
  ColumnFilter,
  Condition,
  DateCondition,
  FilterModel,
  GridRequest,
  GridResponse,
  GridArraysResponse,
  NumberCondition,
  SetFilter,
  TextCondition,
} from './slide-grid.contract.ts';
export type { SharedView } from './shared-views.contract.ts';
export * as uploads from './uploads.contract.ts';
