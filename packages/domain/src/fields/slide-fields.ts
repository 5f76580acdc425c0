/**
 * The fixed fields of the slide tables (spec 1 §3), per table id. Each is a typed column of the slide (or
 * of its assay channels, for the QC and assay tables) on the server; what a field may hold is checked by
 * cell-value.ts, on both sides.
 */
import type { ColumnGroupId, FieldDefinition, PrimaryType, TableId } from './field-types.ts';

type Options = Partial<Omit<FieldDefinition, 'fieldName' | 'primaryType' | 'group' | 'headerName'>>;

const field = (
  fieldName: string,
  primaryType: PrimaryType,
  group: ColumnGroupId,
  headerName: string,
  options: Options = {},
): FieldDefinition => ({
  fieldName,
  primaryType,
  group,
  headerName,
  allowEdit: true,
  enableRowGroup: primaryType !== 'array' && primaryType !== 'image' && primaryType !== 'stringUtcDateTime',
  ...options,
});
const readOnly: Options = { allowEdit: false };

/** The slide metadata view, in column order. */
export const SLIDE_FIELDS: readonly FieldDefinition[] = [
  field('label', 'image', 'slide', 'Label', {
    ...readOnly,
    suppressSort: true,
    suppressFilter: true,
    desiredWidth: 90,
  }),
  field('fileName', 'string', 'slide', 'File Name', {
    ...readOnly,
    defaultSortOrder: 'asc',
    desiredWidth: 340,
    enableRowGroup: false,
  }),
  field('name', 'string', 'slide', 'Slide Name', { desiredWidth: 290, enableRowGroup: false }),
  field('fileExtension', 'string', 'slide', 'File Extension', {
    ...readOnly,
    hasProjectLevelSetFilter: true,
    desiredWidth: 120,
  }),
  field('blockId', 'string', 'slide', 'Block ID', { isMandatory: true, desiredWidth: 140 }),
  field('status', 'string', 'slide', 'Status', {
    ...readOnly,
    hasProjectLevelSetFilter: true,
    desiredWidth: 110,
  }),
  field('assays', 'array', 'assay', 'Assays', {
    isMandatory: true,
    vocabulary: 'markers',
    headerTooltip: 'Channels and markers of the slide; edit them in the assay editor',
    desiredWidth: 220,
  }),
  field('tissueType', 'string', 'tissue', 'Tissue Type', { vocabulary: 'tissueTypes' }),
  field('organ', 'string', 'tissue', 'Organ', { vocabulary: 'organs' }),
  field('consentObtained', 'bool', 'compliance', 'Consent Obtained'),
  field('privacyClass', 'string', 'compliance', 'Privacy Class', { vocabulary: 'privacyClasses' }),
  field('technicalInfo', 'string', 'imageAndSlideQc', 'Technical Info', { enableRowGroup: false }),
  field('imageQcPass', 'bool', 'imageAndSlideQc', 'Image QC Pass'),
  field('slideQcPass', 'bool', 'imageAndSlideQc', 'Slide QC Pass'),
  field('qcComments', 'array', 'imageAndSlideQc', 'QC Comments', { vocabulary: 'qcComments' }),
  field('studyId', 'string', 'studyInfo', 'Study ID', { desiredWidth: 130 }),
  field('acronym', 'string', 'studyInfo', 'Acronym'),
  field('patientId', 'string', 'clinicalStudyInfo', 'Patient ID'),
  field('visit', 'string', 'clinicalStudyInfo', 'Visit', { vocabulary: 'visits' }),
  field('drugIds', 'array', 'clinicalStudyInfo', 'Drug IDs', { vocabulary: 'drugs' }),
  field('sampleType', 'string', 'sampleCollection', 'Sample Type', { vocabulary: 'sampleTypes' }),
  field('collectionDate', 'stringUtcDate', 'sampleCollection', 'Collection Date'),
  field('resultsQcPass', 'bool', 'resultsQc', 'Results QC Pass'),
  field('resultsQcComment', 'string', 'resultsQc', 'Results QC Comment', { enableRowGroup: false }),
  field('indicationV2', 'string', 'pathology', 'Indication', {
    isMandatory: true,
    vocabulary: 'indications',
    desiredWidth: 180,
  }),
  field('indicationSubtypeV2', 'string', 'pathology', 'Indication Subtype', {
    vocabulary: 'indicationSubtypes',
    links: { field: 'indicationV2' },
    desiredWidth: 180,
  }),
  field('tumorSubtype', 'string', 'pathology', 'Tumor Subtype', {
    vocabulary: 'tumorSubtypes',
    links: { field: 'indicationV2' },
    allowsFreeText: true,
  }),
  field('molecularSubtype', 'array', 'pathology', 'Molecular Subtype', { vocabulary: 'molecularSubtypes' }),
  field('stainingDate', 'stringUtcDate', 'staining', 'Staining Date'),
  field('stainingPlatform', 'string', 'staining', 'Staining Platform', { vocabulary: 'stainingPlatforms' }),
  field('scanner', 'string', 'scanning', 'Scanner', { vocabulary: 'scanners' }),
  field('scanDate', 'stringUtcDateTime', 'scanning', 'Scan Date'),
  field('scanMagnification', 'uint', 'scanning', 'Scan Magnification'),
  field('sectionThickness', 'float', 'tissueSection', 'Section Thickness (µm)'),
  field('sectionDate', 'stringUtcDate', 'tissueSection', 'Section Date'),
  field('id', 'string', 'system', 'Slide ID', { ...readOnly, enableRowGroup: false, desiredWidth: 220 }),
  field('checksum', 'string', 'system', 'Checksum', {
    ...readOnly,
    enableRowGroup: false,
    suppressSort: true,
  }),
  field('createdAt', 'stringUtcDateTime', 'system', 'Created', readOnly),
  field('createdBy', 'string', 'system', 'Created By', { ...readOnly, hasProjectLevelSetFilter: true }),
  field('updatedAt', 'stringUtcDateTime', 'system', 'Updated', readOnly),
  field('predictedClass', 'string', 'predictionOutput', 'Predicted Class', {
    vocabulary: 'predictedClasses',
  }),
  field('predictionScore', 'float', 'predictionOutput', 'Prediction Score'),
  field('heAssessedBy', 'string', 'heMorphologicalAssessment', 'H&E Assessed By'),
  field('heSecondaryReviewer', 'string', 'heMorphologicalAssessment', 'H&E Secondary Reviewer'),
  field('tumorContent', 'percentageUint', 'heMorphologicalAssessment', 'Tumor Content (%)'),
  field('necrosis', 'percentageFloat', 'heMorphologicalAssessment', 'Necrosis (%)'),
  field('ihcScore', 'uint', 'ihcMorphologicalAssessment', 'IHC Score (0–3)'),
  field('hScore', 'uint', 'ihcMorphologicalAssessment', 'H-Score'),
];

/** The channel columns of an assay, shared by the QC table and the assay popup editor. */
const CHANNEL_FIELDS: readonly FieldDefinition[] = [
  field('channel', 'uint', 'assay', 'Channel', { ...readOnly, desiredWidth: 90 }),
  field('marker', 'string', 'assay', 'Marker', { vocabulary: 'markers', desiredWidth: 140 }),
  field('chromogenFluorophores', 'string', 'assay', 'Chromogen / Fluorophore', {
    vocabulary: 'chromogensFluorophores',
    desiredWidth: 180,
  }),
  field('primaryAntibody', 'string', 'assay', 'Primary Antibody', { desiredWidth: 160 }),
  field('secondaryAntibody', 'string', 'assay', 'Secondary Antibody', { desiredWidth: 160 }),
];

/** The QC slide metadata view: grouped by slide (fileName), one child row per channel. */
export const QC_SLIDE_FIELDS: readonly FieldDefinition[] = [
  field('fileName', 'string', 'slide', 'File Name', {
    ...readOnly,
    isGroupedByDefault: true,
    enableRowGroup: true,
    desiredWidth: 340,
  }),
  ...CHANNEL_FIELDS,
  field('qcSlideChannelPass', 'bool', 'imageAndSlideQc', 'Channel QC Pass'),
  field('qcSlideChannelComment', 'string', 'imageAndSlideQc', 'Channel QC Comment', {
    vocabulary: 'qcChannelComments',
  }),
  field('qcSlideChannelFreetext', 'string', 'imageAndSlideQc', 'Channel QC Notes', { enableRowGroup: false }),
];

/** The assay popup editor: one row per channel; the channel is edited there. */
export const ASSAY_EDITOR_FIELDS: readonly FieldDefinition[] = CHANNEL_FIELDS.map((f) =>
  f.fieldName === 'channel' ? { ...f, allowEdit: true } : f,
);

export const FIELDS_BY_TABLE: Record<TableId, readonly FieldDefinition[]> = {
  slideMetadataView: SLIDE_FIELDS,
  qcSlideMetadataView: QC_SLIDE_FIELDS,
  assayPopupEditor: ASSAY_EDITOR_FIELDS,
};

/** Fields whose values are lists (spec 1 §5: multi-value fields), kept in side tables on the server. */
export const MULTI_VALUE_FIELDS = ['drugIds', 'qcComments', 'molecularSubtype'] as const;

/** Every controlled vocabulary the fields use (the names the vocabulary API accepts). */
export const VOCABULARIES: readonly string[] = [
  ...new Set(
    Object.values(FIELDS_BY_TABLE).flatMap((fields) =>
      fields.flatMap((f) => (f.vocabulary ? [f.vocabulary] : [])),
    ),
  ),
].sort();

/** Administrators of the vocabularies: the system roles that administer the portal's data. */
export const canManageVocabularies = (systemRoles: readonly string[]): boolean =>
  systemRoles.includes('systemSuperUser') || systemRoles.includes('portalDataAdmin');
