/**
 * The controlled vocabularies of the slide fields (issue #4), seeded with a realistic pathology
 * vocabulary; administrators add and deprecate values through the API afterwards. Immutable.
 */
import type { Kysely } from 'kysely';

const SEED: Record<string, string[]> = {
  indications: [
    'NSCLC',
    'SCLC',
    'Breast cancer',
    'Colorectal cancer',
    'Gastric cancer',
    'Melanoma',
    'Prostate cancer',
    'Pancreatic cancer',
    'Ovarian cancer',
    'Head and neck squamous cell carcinoma',
    'Hepatocellular carcinoma',
    'Renal cell carcinoma',
    'Urothelial carcinoma',
    'Glioblastoma',
    'Healthy tissue',
  ],
  markers: [
    'H&E',
    'CD3',
    'CD4',
    'CD8',
    'CD20',
    'CD45',
    'CD56',
    'CD68',
    'CD163',
    'CD11c',
    'FOXP3',
    'PD-1',
    'PD-L1',
    'LAG-3',
    'TIM-3',
    'Granzyme B',
    'Ki-67',
    'Pan-CK',
    'HER2',
    'ER',
    'PR',
    'p53',
    'SOX10',
    'αSMA',
    'HLA-DR',
    'MLH1',
    'MSH2',
    'MSH6',
    'PMS2',
    'DAPI',
  ],
  chromogensFluorophores: [
    'DAB',
    'Fast Red',
    'AP Red',
    'Hematoxylin',
    'Eosin',
    'DAPI',
    'Opal 480',
    'Opal 520',
    'Opal 540',
    'Opal 570',
    'Opal 620',
    'Opal 650',
    'Opal 690',
    'Opal 780',
    'Alexa Fluor 488',
    'Alexa Fluor 555',
    'Alexa Fluor 647',
  ],
  tissueTypes: [
    'Primary tumor',
    'Metastasis',
    'Lymph node',
    'Normal adjacent tissue',
    'Tonsil (control)',
    'Cell line pellet',
  ],
  organs: [
    'Lung',
    'Breast',
    'Colon',
    'Rectum',
    'Stomach',
    'Liver',
    'Pancreas',
    'Prostate',
    'Kidney',
    'Bladder',
    'Skin',
    'Ovary',
    'Brain',
    'Lymph node',
    'Tonsil',
  ],
  privacyClasses: ['Anonymized', 'Pseudonymized', 'Identifiable'],
  qcComments: [
    'Tissue fold',
    'Out of focus',
    'Air bubble',
    'Pen marks',
    'Tissue tear',
    'Weak staining',
    'Background staining',
    'Edge artifact',
    'Insufficient tumor',
  ],
  visits: [
    'Screening',
    'Baseline',
    'Cycle 1 Day 1',
    'Cycle 2 Day 1',
    'On treatment',
    'End of treatment',
    'Progression',
  ],
  drugs: [
    'Atezolizumab',
    'Pembrolizumab',
    'Nivolumab',
    'Durvalumab',
    'Trastuzumab',
    'Bevacizumab',
    'Cisplatin',
    'Carboplatin',
    'Paclitaxel',
    'Docetaxel',
    'Pemetrexed',
    'Placebo',
  ],
  sampleTypes: [
    'Resection',
    'Core needle biopsy',
    'Excisional biopsy',
    'Fine needle aspirate',
    'TMA core',
    'Cytology cell block',
  ],
  molecularSubtypes: [
    'EGFR mutant',
    'KRAS G12C',
    'ALK fusion',
    'ROS1 fusion',
    'BRAF V600E',
    'MSI-high',
    'HER2 amplified',
    'PD-L1 high',
    'TMB high',
  ],
  stainingPlatforms: ['Ventana BenchMark ULTRA', 'Leica BOND RX', 'Dako Autostainer Link 48', 'Manual'],
  scanners: [
    'Aperio GT 450',
    'Aperio AT2',
    'Hamamatsu NanoZoomer S360',
    '3DHISTECH Pannoramic 250',
    'Philips IntelliSite',
    'Akoya PhenoImager HT',
  ],
  predictedClasses: ['Inflamed', 'Excluded', 'Desert', 'Tumor', 'Stroma', 'Necrosis'],
  qcChannelComments: [
    'Pass',
    'Weak signal',
    'High background',
    'Non-specific staining',
    'Bleed-through',
    'Saturated',
  ],
};

/** Values linked to an indication: [vocabulary, indication, values]. */
const LINKED: [string, string, string[]][] = [
  ['indicationSubtypes', 'NSCLC', ['Adenocarcinoma', 'Squamous cell carcinoma', 'Large cell carcinoma']],
  ['indicationSubtypes', 'Breast cancer', ['HR+/HER2-', 'HER2+', 'Triple negative']],
  ['indicationSubtypes', 'Colorectal cancer', ['MSI-high', 'MSS']],
  ['indicationSubtypes', 'Gastric cancer', ['Intestinal type', 'Diffuse type']],
  ['indicationSubtypes', 'Melanoma', ['Cutaneous', 'Uveal', 'Mucosal', 'Acral']],
  ['indicationSubtypes', 'Prostate cancer', ['Acinar adenocarcinoma', 'Neuroendocrine']],
  ['indicationSubtypes', 'Ovarian cancer', ['High-grade serous', 'Endometrioid', 'Clear cell']],
  ['indicationSubtypes', 'Head and neck squamous cell carcinoma', ['HPV-positive', 'HPV-negative']],
  ['indicationSubtypes', 'Renal cell carcinoma', ['Clear cell', 'Papillary', 'Chromophobe']],
  ['indicationSubtypes', 'Urothelial carcinoma', ['Muscle-invasive', 'Non-muscle-invasive']],
  ['indicationSubtypes', 'Pancreatic cancer', ['Ductal adenocarcinoma']],
  ['indicationSubtypes', 'Glioblastoma', ['IDH-wildtype']],
  ['tumorSubtypes', 'NSCLC', ['Acinar', 'Lepidic', 'Papillary', 'Micropapillary', 'Solid']],
  ['tumorSubtypes', 'Breast cancer', ['Invasive ductal', 'Invasive lobular', 'Mucinous']],
  ['tumorSubtypes', 'Colorectal cancer', ['Mucinous', 'Signet ring cell']],
];

/** Values no longer chosen (rows keep them): [vocabulary, value, since]. */
const DEPRECATED: [string, string, string][] = [['scanners', 'Aperio AT2', '2024-01-01']];

export async function up(db: Kysely<unknown>): Promise<void> {
  const createdAt = '2026-11-23T00:00:00.000Z';
  const since = (vocabulary: string, value: string) =>
    DEPRECATED.find(([v, x]) => v === vocabulary && x === value)?.[2] ?? null;
  const rows = [
    ...Object.entries(SEED).flatMap(([vocabulary, values]) =>
      values.map((value) => ({ vocabulary, parent: '', value })),
    ),
    ...LINKED.flatMap(([vocabulary, parent, values]) =>
      values.map((value) => ({ vocabulary, parent, value })),
    ),
  ].map((r) => ({ ...r, deprecated_since: since(r.vocabulary, r.value), created_at: createdAt }));
  await (db as Kysely<{ vocabulary_values: (typeof rows)[number] }>)
    .insertInto('vocabulary_values')
    .values(rows)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ vocabulary_values: { created_at: string } }>)
    .deleteFrom('vocabulary_values')
    .execute();
}
