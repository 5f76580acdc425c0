import { describe, expect, it } from 'vitest';
import {
  autoMapColumns,
  canStartImport,
  CSV_IMPORT_OPTIONS,
  CSV_LINE_MESSAGES,
  csvNameKey,
  FILE_NAME_SYNONYMS,
  hasFileNameColumn,
  importableFields,
  lineMessage,
  mapColumn,
  missingRequiredFieldsMessage,
  offersPartialImport,
  planCsvLine,
  slideNameKeys,
  type CsvLineInput,
} from './csv-import.ts';
import { matchCsvValue } from './csv-match.ts';
import { TEST_FIELD_MAP, TEST_FIELDS, TEST_MARKERS, testField } from '../../test/csv-test-fields.ts';

const DMY = { markers: TEST_MARKERS, dateOrder: 'DMY' } as const;
const MDY = { markers: TEST_MARKERS, dateOrder: 'MDY' } as const;
const match = (field: string, text: string, context: typeof DMY | typeof MDY = DMY) =>
  matchCsvValue(testField(field), text, context);

describe('column mapping (spec 1 §5 CSV mapping)', () => {
  it('offers fileName and the editable fields that are not images', () => {
    const names = importableFields(TEST_FIELDS).map((f) => f.fieldName);
    expect(names).toContain('fileName');
    expect(names).toContain('indicationSubtypeV2');
    for (const readOnly of ['label', 'status', 'id', 'checksum', 'createdAt', 'fileExtension'])
      expect(names).not.toContain(readOnly);
  });

  it('matches headers by field name or header label, in any case and with spaces around', () => {
    const mapping = autoMapColumns(
      ['  BLOCKID ', 'indication', 'Drug IDs', 'organ', 'Unknown', 'Status'],
      TEST_FIELDS,
    );
    expect(mapping).toEqual([
      { csvFieldName: 'BLOCKID', slideField: 'blockId', import: true, fieldNumber: 0 },
      { csvFieldName: 'indication', slideField: 'indicationV2', import: true, fieldNumber: 1 },
      { csvFieldName: 'Drug IDs', slideField: 'drugIds', import: true, fieldNumber: 2 },
      { csvFieldName: 'organ', slideField: 'organ', import: true, fieldNumber: 3 },
      { csvFieldName: 'Unknown', slideField: null, import: false, fieldNumber: 4 },
      { csvFieldName: 'Status', slideField: null, import: false, fieldNumber: 5 },
    ]);
  });

  it('matches the file name by its synonyms', () => {
    expect(FILE_NAME_SYNONYMS).toEqual([
      'file name',
      'filename',
      'slide file name',
      'slide filename',
      'image file name',
    ]);
    for (const header of [
      'File Name',
      'FILENAME',
      'Slide File Name',
      'slide filename',
      'Image File Name',
      'fileName',
    ]) {
      expect(autoMapColumns([header], TEST_FIELDS)[0]!.slideField).toBe('fileName');
    }
  });

  it('maps a field to the first of duplicate headers only', () => {
    const mapping = autoMapColumns(['Block ID', 'filename', 'blockid', 'File Name'], TEST_FIELDS);
    expect(mapping.map((r) => [r.slideField, r.import])).toEqual([
      ['blockId', true],
      ['fileName', true],
      [null, false],
      [null, false],
    ]);
  });

  it('maps a column by hand, taking the field from the column that held it', () => {
    const mapping = autoMapColumns(['File Name', 'Block', 'Block ID'], TEST_FIELDS);
    const moved = mapColumn(mapping, 1, 'blockId');
    expect(moved.map((r) => [r.slideField, r.import])).toEqual([
      ['fileName', true],
      ['blockId', true],
      [null, false],
    ]);
    expect(mapColumn(moved, 1, null)[1]).toEqual({
      csvFieldName: 'Block',
      slideField: null,
      import: false,
      fieldNumber: 1,
    });
  });

  it('needs a column for the file name (spec 1 §4)', () => {
    const mapping = autoMapColumns(['File Name', 'Block ID'], TEST_FIELDS);
    expect(hasFileNameColumn(mapping)).toBe(true);
    expect(hasFileNameColumn(mapping.map((r) => ({ ...r, import: false })))).toBe(false);
    expect(hasFileNameColumn(mapColumn(mapping, 0, null))).toBe(false);
  });

  it('names the required fields that are not selected for import', () => {
    const all = autoMapColumns(['File Name', 'Assays', 'Block ID', 'Indication', 'Study ID'], TEST_FIELDS);
    expect(missingRequiredFieldsMessage(all, TEST_FIELDS)).toBeNull();
    expect(missingRequiredFieldsMessage(mapColumn(all, 4, 'acronym'), TEST_FIELDS)).toBeNull();
    expect(missingRequiredFieldsMessage(mapColumn(all, 4, null), TEST_FIELDS)).toBe(
      'The following required fields have not been selected for import - Acronym or Study ID.',
    );
    const some = autoMapColumns(['File Name', 'Organ'], TEST_FIELDS);
    expect(missingRequiredFieldsMessage(some, TEST_FIELDS)).toBe(
      'The following required fields have not been selected for import - Assays, Block ID, Indication, Acronym or Study ID.',
    );
    const unchecked = all.map((r) => (r.slideField === 'blockId' ? { ...r, import: false } : r));
    expect(missingRequiredFieldsMessage(unchecked, TEST_FIELDS)).toBe(
      'The following required fields have not been selected for import - Block ID.',
    );
  });
});

describe('import options (spec 1 §5)', () => {
  it('labels and defaults: overwrite off, strict on', () => {
    expect(CSV_IMPORT_OPTIONS.overwrite).toEqual({
      label: 'Overwrite existing slide metadata',
      default: false,
    });
    expect(CSV_IMPORT_OPTIONS.allowCorrectValues).toEqual({
      label: 'Allow import of correct values',
      default: false,
    });
  });
  it('offers a partial import when some lines are bad but not all', () => {
    expect(offersPartialImport(10, 0)).toBe(false);
    expect(offersPartialImport(10, 3)).toBe(true);
    expect(offersPartialImport(10, 10)).toBe(false);
    expect(canStartImport(10, 0, false)).toBe(true);
    expect(canStartImport(10, 3, false)).toBe(false);
    expect(canStartImport(10, 3, true)).toBe(true);
    expect(canStartImport(10, 10, true)).toBe(false);
    expect(canStartImport(0, 0, true)).toBe(false);
  });
});

describe('slides by file name, with or without extension, in any case (spec 1 §5)', () => {
  it('keys a slide by its name and its stem', () => {
    expect(slideNameKeys('Slide-01.SVS')).toEqual(['slide-01.svs', 'slide-01']);
    expect(slideNameKeys('a.b.ndpi')).toEqual(['a.b.ndpi', 'a.b']);
    expect(slideNameKeys('scan.ome.tiff')).toEqual(['scan.ome.tiff', 'scan']);
    expect(slideNameKeys('noextension')).toEqual(['noextension']);
    expect(slideNameKeys('.hidden')).toEqual(['.hidden']);
  });
  it('keys a CSV cell trimmed and in lower case', () => {
    const keys = slideNameKeys('Slide-01.svs');
    for (const cell of [' slide-01.SVS ', 'SLIDE-01']) expect(keys).toContain(csvNameKey(cell));
    expect(csvNameKey("'-dash.svs")).toBe('-dash.svs'); // the export's formula prefix
  });
});

describe('CSV value matching (spec 1 §5)', () => {
  it('an empty cell is null', () => {
    expect(match('organ', '  ')).toEqual({ value: null });
    expect(match('drugIds', ' , ')).toEqual({ value: null });
    expect(match('assays', '')).toEqual({ value: null });
  });

  it("matches allowed values in any case and answers the vocabulary's spelling", () => {
    expect(match('organ', ' lung ')).toEqual({ value: 'Lung' });
    expect(match('indicationV2', 'nsclc')).toEqual({ value: 'NSCLC' });
    expect(match('organ', 'Liver')).toEqual({ isUnsupported: true });
  });

  it('refuses a deprecated value', () => {
    expect(match('indicationV2', 'Retired indication')).toEqual({ isUnsupported: true });
    expect(match('qcComments', 'Blurry, old comment')).toEqual({ isUnsupported: true });
  });

  it('keeps free text for a field that allows it (tumorSubtype)', () => {
    expect(match('tumorSubtype', 'solid')).toEqual({ value: 'Solid' });
    expect(match('tumorSubtype', 'Micropapillary')).toEqual({ value: 'Micropapillary' });
  });

  it('reads multi-value fields as comma-separated lists, each item matched, duplicates dropped', () => {
    expect(match('drugIds', 'd-1, PEMBROLIZUMAB,D-1')).toEqual({ value: ['D-1', 'Pembrolizumab'] });
    expect(match('qcComments', 'folded tissue,')).toEqual({ value: ['Folded tissue'] });
    expect(match('molecularSubtype', 'EGFR mutant, KRAS')).toEqual({ isUnsupported: true });
  });

  it('reads assays as a hyphen list of markers, hyphenated markers taken whole', () => {
    const channels = (...markers: string[]) => ({
      value: markers.map((marker, i) => ({ channel: i + 1, marker })),
    });
    expect(match('assays', 'CD3-CD8')).toEqual(channels('CD3', 'CD8'));
    expect(match('assays', 'pd-l1-cd8-Ki-67')).toEqual(channels('PD-L1', 'CD8', 'Ki-67'));
    expect(match('assays', 'PD-PD-1')).toEqual(channels('PD', 'PD-1'));
    expect(match('assays', 'CD3 - HLA-DR')).toEqual(channels('CD3', 'HLA-DR'));
    expect(match('assays', 'CD3-CD3')).toEqual(channels('CD3', 'CD3'));
    expect(match('assays', 'CD3-CD4')).toEqual({ isUnsupported: true });
    expect(match('assays', 'CD3--CD8')).toEqual({ isUnsupported: true });
    expect(match('assays', 'CD3-')).toEqual({ isUnsupported: true });
  });

  it("reads dates in the browser's order (two-digit years + 2000) or ISO", () => {
    expect(match('collectionDate', '03/04/24', DMY)).toEqual({ value: '2024-04-03' });
    expect(match('collectionDate', '03/04/24', MDY)).toEqual({ value: '2024-03-04' });
    expect(match('collectionDate', '31.12.99', DMY)).toEqual({ value: '2099-12-31' });
    expect(match('collectionDate', '12/31/2023', MDY)).toEqual({ value: '2023-12-31' });
    expect(match('collectionDate', '2023-12-31', MDY)).toEqual({ value: '2023-12-31' });
    expect(match('collectionDate', '31/12/2023', MDY)).toEqual({ isUnsupported: true });
    expect(match('scanDate', '31/12/23', DMY)).toEqual({ value: '2023-12-31T00:00:00.000Z' });
    expect(match('scanDate', 'yesterday', DMY)).toEqual({ isUnsupported: true });
  });

  it('reads numbers and booleans through the cell check', () => {
    expect(match('scanMagnification', ' 40 ')).toEqual({ value: 40 });
    expect(match('scanMagnification', '-40')).toEqual({ isUnsupported: true });
    expect(match('scanMagnification', '40.5')).toEqual({ isUnsupported: true });
    expect(match('tumorContent', '101')).toEqual({ isUnsupported: true });
    expect(match('necrosis', '12.5')).toEqual({ value: 12.5 });
    expect(match('sectionThickness', 'thin')).toEqual({ isUnsupported: true });
    expect(match('imageQcPass', 'No')).toEqual({ value: false });
    expect(match('imageQcPass', 'yes')).toEqual({ value: true });
  });

  it('keeps other text trimmed, and removes the formula prefix the export writes', () => {
    expect(match('blockId', ' B 12 ')).toEqual({ value: 'B 12' });
    expect(match('blockId', "'-12")).toEqual({ value: '-12' });
    expect(match('blockId', "'12")).toEqual({ value: "'12" });
  });
});

describe('line messages (spec 1 §5 CSV row messages)', () => {
  it('are the spec words, prefixed with the line and the slide', () => {
    expect(lineMessage(3, 'a.svs', CSV_LINE_MESSAGES.slideNotFound)).toBe(
      'Line 3, slide a.svs: Slide not found in Portal project.',
    );
    expect(CSV_LINE_MESSAGES.missingFileName).toBe('Missing slide file name in CSV file.');
    expect(CSV_LINE_MESSAGES.missingValues('Block, Assays')).toBe("Missing CSV values for 'Block, Assays'.");
    expect(CSV_LINE_MESSAGES.unsupportedValue('x', 'Organ')).toBe(
      "Value 'x' for column 'Organ' is not supported.",
    );
    expect(CSV_LINE_MESSAGES.subtypeOfOtherIndication('S', 'I')).toBe(
      "The subtype 'S' is not a valid entry of the 'I' indication.",
    );
    expect(CSV_LINE_MESSAGES.subtypeWithoutIndication('S')).toBe(
      "Indication subtype 'S' can not be imported when indication is not specified.",
    );
  });
});

describe('planCsvLine: what a line does to its slide (spec 1 §5)', () => {
  const COLUMNS = {
    assays: 'Markers',
    blockId: 'Block',
    indicationV2: 'Indication',
    indicationSubtypeV2: 'Subtype',
    studyId: 'Study',
    acronym: 'Acronym',
    organ: 'Organ',
    drugIds: 'Drugs',
    collectionDate: 'Collected',
  };
  const line = (values: Record<string, string>, fileName = 'a.svs'): CsvLineInput => ({
    line: 7,
    fileName,
    values,
    columns: Object.fromEntries(
      Object.keys(values).map((name) => [name, COLUMNS[name as keyof typeof COLUMNS] ?? name]),
    ),
  });
  const SLIDE = {
    fileName: 'a.svs',
    assays: [{ id: 'a'.repeat(24), channel: 1, marker: 'CD3', chromogenFluorophores: 'DAB' }],
    blockId: 'B1',
    indicationV2: 'NSCLC',
    indicationSubtypeV2: null,
    studyId: 'S-1',
    acronym: null,
    organ: null,
    drugIds: [],
    collectionDate: null,
  };
  const plan = (input: CsvLineInput, slide: Record<string, unknown> | null = SLIDE, overwrite = false) =>
    planCsvLine(input, slide, TEST_FIELD_MAP, { overwrite, markers: TEST_MARKERS, dateOrder: 'DMY' });
  const at = (message: string) => `Line 7, slide a.svs: ${message}`;

  it('an empty file name gives only that message', () => {
    expect(plan(line({ organ: 'nonsense' }, '  '), null)).toEqual({
      messages: ['Line 7, slide : Missing slide file name in CSV file.'],
      changes: {},
    });
  });

  it('a line without a slide gives only that message', () => {
    expect(plan(line({ organ: 'nonsense' }), null)).toEqual({
      messages: [at('Slide not found in Portal project.')],
      changes: {},
    });
  });

  it('fills empty fields, matching values to the vocabulary', () => {
    const result = plan(line({ organ: 'LUNG', drugIds: 'd-2,d-1', collectionDate: '1/2/24', blockId: '' }));
    expect(result).toEqual({
      messages: [],
      changes: { organ: 'Lung', drugIds: ['D-2', 'D-1'], collectionDate: '2024-02-01' },
    });
  });

  it('reports every unsupported value as written, by its CSV column, and then changes nothing', () => {
    const result = plan(line({ organ: 'Liver ', drugIds: 'D-9', collectionDate: '2024-01-01' }));
    expect(result).toEqual({
      messages: [
        at("Value 'Liver ' for column 'Organ' is not supported."),
        at("Value 'D-9' for column 'Drugs' is not supported."),
      ],
      changes: {},
    });
  });

  it('with overwrite off keeps values the slide holds; with it on replaces them', () => {
    const input = line({ blockId: 'B2', organ: 'Breast', assays: 'CD8' });
    expect(plan(input, SLIDE, false).changes).toEqual({ organ: 'Breast' });
    expect(plan(input, SLIDE, true).changes).toEqual({
      blockId: 'B2',
      organ: 'Breast',
      assays: [{ channel: 1, marker: 'CD8' }],
    });
  });

  it('an empty cell changes nothing, also with overwrite on', () => {
    expect(plan(line({ organ: '', studyId: ' ' }), SLIDE, true)).toEqual({ messages: [], changes: {} });
  });

  it('changes only what differs from the slide', () => {
    expect(plan(line({ blockId: 'B1', indicationV2: 'nsclc' }), SLIDE, true).changes).toEqual({});
  });

  it("keeps an assay channel's details when its marker stays", () => {
    const changes = plan(line({ assays: 'cd3-PD-L1' }), SLIDE, true).changes;
    expect(changes).toEqual({ assays: [SLIDE.assays[0], { channel: 2, marker: 'PD-L1' }] });
    expect(plan(line({ assays: 'CD3' }), SLIDE, true).changes).toEqual({});
  });

  it("checks a subtype against the line's indication, else the slide's", () => {
    expect(plan(line({ indicationSubtypeV2: 'squamous' })).changes).toEqual({
      indicationSubtypeV2: 'Squamous',
    });
    expect(plan(line({ indicationSubtypeV2: 'Triple negative' })).messages).toEqual([
      at("The subtype 'Triple negative' is not a valid entry of the 'NSCLC' indication."),
    ]);
    const noIndication = { ...SLIDE, indicationV2: null };
    expect(
      plan(line({ indicationV2: 'breast cancer', indicationSubtypeV2: 'triple negative' }), noIndication)
        .changes,
    ).toEqual({
      indicationV2: 'Breast cancer',
      indicationSubtypeV2: 'Triple negative',
    });
    expect(
      plan(line({ indicationV2: 'Breast cancer', indicationSubtypeV2: 'Squamous' }), noIndication).messages,
    ).toEqual([at("The subtype 'Squamous' is not a valid entry of the 'Breast cancer' indication.")]);
  });

  it("judges the subtype by the indication the slide will have: the slide's kept with overwrite off", () => {
    const input = line({ indicationV2: 'Breast cancer', indicationSubtypeV2: 'Triple negative' });
    expect(plan(input, SLIDE, false).messages).toEqual([
      at("The subtype 'Triple negative' is not a valid entry of the 'NSCLC' indication."),
    ]);
    expect(plan(input, SLIDE, true).changes).toEqual({
      indicationV2: 'Breast cancer',
      indicationSubtypeV2: 'Triple negative',
    });
  });

  it('takes the spelling of a subtype name that several indications share from the right one', () => {
    expect(
      plan(line({ indicationV2: 'Breast cancer', indicationSubtypeV2: 'other' }), {
        ...SLIDE,
        indicationV2: null,
      }).changes,
    ).toEqual({
      indicationV2: 'Breast cancer',
      indicationSubtypeV2: 'OTHER',
    });
  });

  it('refuses a subtype when neither the line nor the slide names an indication', () => {
    expect(
      plan(line({ indicationSubtypeV2: 'Squamous' }), { ...SLIDE, indicationV2: null }).messages,
    ).toEqual([at("Indication subtype 'Squamous' can not be imported when indication is not specified.")]);
    expect(
      plan(line({ indicationV2: '', indicationSubtypeV2: 'Squamous' }), { ...SLIDE, indicationV2: null })
        .messages,
    ).toEqual([
      at("Indication subtype 'Squamous' can not be imported when indication is not specified."),
      at("Missing CSV values for 'Indication'."),
    ]);
  });

  it('does not judge a subtype by an indication that is itself not supported', () => {
    expect(
      plan(line({ indicationV2: 'Lymphoma', indicationSubtypeV2: 'Triple negative' }), SLIDE, true).messages,
    ).toEqual([at("Value 'Lymphoma' for column 'Indication' is not supported.")]);
  });

  it('names the mapped required fields left empty, in one message', () => {
    const empty = { ...SLIDE, assays: [], blockId: null, studyId: null };
    const input = line({
      assays: '',
      blockId: ' ',
      indicationV2: '',
      studyId: '',
      acronym: '',
      organ: 'Lung',
    });
    expect(plan(input, empty).messages).toEqual([
      at("Missing CSV values for 'Markers, Block, Acronym or Study'."),
    ]);
    expect(plan(line({ organ: 'Lung' }), empty).messages).toEqual([]); // not mapped: not this line's concern
  });

  it('needs only one of study id and acronym', () => {
    const noStudy = { ...SLIDE, studyId: null };
    expect(plan(line({ studyId: '', acronym: 'ACR' }), noStudy).changes).toEqual({ acronym: 'ACR' });
    expect(plan(line({ studyId: '' }), noStudy).messages).toEqual([
      at("Missing CSV values for 'Acronym or Study'."),
    ]);
    expect(plan(line({ studyId: '' }), { ...noStudy, acronym: 'ACR' }).messages).toEqual([]);
  });

  it('counts an unsupported required value as unsupported, not missing', () => {
    expect(plan(line({ assays: 'CD99' }), { ...SLIDE, assays: [] }).messages).toEqual([
      at("Value 'CD99' for column 'Markers' is not supported."),
    ]);
  });

  it('refuses text for a field the import may not write', () => {
    expect(plan(line({ status: 'gone', checksum: '' })).messages).toEqual([
      at("Value 'gone' for column 'status' is not supported."),
    ]);
  });
});
