/**
 * For the CSV tests only: the slide fields with small vocabularies, as the server would serve them. Markers
 * hold hyphens, and 'PD' is a marker too, so that only a greedy match reads 'PD-L1' right.
 */
import type { AllowedValue, FieldDescriptor } from '../src/fields/field-types.ts';
import { describeField } from '../src/fields/field-types.ts';
import { SLIDE_FIELDS } from '../src/fields/slide-fields.ts';

const values = (...list: string[]): AllowedValue[] => list.map((value) => ({ value }));

export const TEST_VOCABULARIES: Record<string, AllowedValue[]> = {
  indications: [
    ...values('NSCLC', 'Breast cancer'),
    { value: 'Retired indication', deprecatedSince: '2001-01-01' },
  ],
  indicationSubtypes: [
    { value: 'Adenocarcinoma', parent: 'NSCLC' },
    { value: 'Squamous', parent: 'NSCLC' },
    { value: 'Other', parent: 'NSCLC' },
    { value: 'Triple negative', parent: 'Breast cancer' },
    { value: 'OTHER', parent: 'Breast cancer' },
  ],
  tumorSubtypes: values('Solid', 'Acinar'),
  organs: values('Lung', 'Breast'),
  drugs: values('D-1', 'D-2', 'Pembrolizumab'),
  qcComments: [...values('Blurry', 'Folded tissue'), { value: 'Old comment', deprecatedSince: '2001-01-01' }],
  molecularSubtypes: values('EGFR mutant', 'ALK positive'),
  markers: values('CD3', 'CD8', 'PD', 'PD-L1', 'PD-1', 'Ki-67', 'HLA-DR'),
};

export const TEST_MARKERS: readonly string[] = TEST_VOCABULARIES.markers!.map((m) => m.value);

export const TEST_FIELDS: readonly FieldDescriptor[] = SLIDE_FIELDS.map((f) =>
  describeField(
    f,
    f.vocabulary && f.vocabulary !== 'markers'
      ? (TEST_VOCABULARIES[f.vocabulary] ?? values(`${f.headerName} A`, `${f.headerName} B`))
      : null,
  ),
);

export const TEST_FIELD_MAP: ReadonlyMap<string, FieldDescriptor> = new Map(
  TEST_FIELDS.map((f) => [f.fieldName, f]),
);

export const testField = (name: string): FieldDescriptor => TEST_FIELD_MAP.get(name)!;
