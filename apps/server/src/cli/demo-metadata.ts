/**
 * Synthetic slide metadata for the demo (issue #4 point 8): 10,000 plausible rows — studies, patients,
 * blocks, indications with their subtypes, H&E, IHC and multiplex assays, scan and staining dates, QC —
 * drawn deterministically from the seeded vocabularies. Their image files are not stored (status
 * 'metadata only'): they show the table at work; the viewer answers 'ImageInfo unavailable' for them.
 */
import crypto from 'node:crypto';
import type { AssayChannel } from '@tessera/domain';
import { createRandom } from '@tessera/wsi';
import type { Db } from '../db/database.ts';
import {
  insertMetadataSlide,
  setSlideMetadata,
  type SlideMetadata,
} from '../modules/slides/slide-metadata.queries.ts';

export const METADATA_ONLY_STATUS = 'metadata only';

const STUDIES = [
  {
    studyId: 'TS40112',
    acronym: 'LUMINA-2',
    indication: 'NSCLC',
    organ: 'Lung',
    drugs: ['Atezolizumab', 'Carboplatin', 'Pemetrexed'],
  },
  {
    studyId: 'TS40287',
    acronym: 'BRIGHT',
    indication: 'Breast cancer',
    organ: 'Breast',
    drugs: ['Trastuzumab', 'Paclitaxel'],
  },
  {
    studyId: 'TS41003',
    acronym: 'COLIBRI',
    indication: 'Colorectal cancer',
    organ: 'Colon',
    drugs: ['Bevacizumab', 'Placebo'],
  },
  {
    studyId: 'TS41560',
    acronym: 'MELODY',
    indication: 'Melanoma',
    organ: 'Skin',
    drugs: ['Nivolumab', 'Pembrolizumab'],
  },
  {
    studyId: 'TS42011',
    acronym: 'UROPA',
    indication: 'Urothelial carcinoma',
    organ: 'Bladder',
    drugs: ['Atezolizumab', 'Cisplatin'],
  },
  {
    studyId: 'TS42378',
    acronym: 'GASTRO-1',
    indication: 'Gastric cancer',
    organ: 'Stomach',
    drugs: ['Durvalumab', 'Placebo'],
  },
];
const SUBTYPES: Record<string, string[]> = {
  NSCLC: ['Adenocarcinoma', 'Squamous cell carcinoma', 'Large cell carcinoma'],
  'Breast cancer': ['HR+/HER2-', 'HER2+', 'Triple negative'],
  'Colorectal cancer': ['MSI-high', 'MSS'],
  Melanoma: ['Cutaneous', 'Uveal', 'Mucosal', 'Acral'],
  'Urothelial carcinoma': ['Muscle-invasive', 'Non-muscle-invasive'],
  'Gastric cancer': ['Intestinal type', 'Diffuse type'],
};
const IHC = ['PD-L1', 'CD8', 'Ki-67', 'HER2', 'CD3', 'FOXP3', 'CD68', 'p53'];
const PANELS = [
  ['DAPI', 'CD3', 'CD8', 'PD-L1', 'Pan-CK'],
  ['DAPI', 'CD4', 'FOXP3', 'CD8', 'Granzyme B', 'Pan-CK'],
  ['DAPI', 'CD68', 'CD163', 'HLA-DR', 'PD-L1', 'Pan-CK', 'CD11c'],
];
const OPALS = ['DAPI', 'Opal 520', 'Opal 570', 'Opal 620', 'Opal 650', 'Opal 690', 'Opal 480'];
const SCANNERS = [
  'Aperio GT 450',
  'Hamamatsu NanoZoomer S360',
  '3DHISTECH Pannoramic 250',
  'Philips IntelliSite',
];
const QC = ['Tissue fold', 'Out of focus', 'Air bubble', 'Pen marks', 'Weak staining', 'Edge artifact'];
const VISITS = ['Screening', 'Baseline', 'Cycle 2 Day 1', 'On treatment', 'Progression'];
const SAMPLE_TYPES = ['Resection', 'Core needle biopsy', 'Excisional biopsy', 'TMA core'];
const PLATFORMS = ['Ventana BenchMark ULTRA', 'Leica BOND RX', 'Dako Autostainer Link 48'];

export interface SyntheticSlide extends SlideMetadata {
  fileName: string;
}

/** `count` synthetic slide rows, the same for the same seed. */
export function syntheticSlideRows(count: number, seed = 42): SyntheticSlide[] {
  const r = createRandom(seed); // seeded: the demo is the same on every machine
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const maybe = <T>(p: number, value: () => T): T | null => (r() < p ? value() : null);
  const day = (from: number, span: number) =>
    new Date(Date.UTC(from, 0, 1) + Math.floor(r() * span) * 86_400_000).toISOString().slice(0, 10);
  const rows: SyntheticSlide[] = [];
  for (let i = 0; i < count; i++) {
    const study = STUDIES[Math.floor(r() ** 1.5 * STUDIES.length)]!; // the first studies hold most slides
    const patient = `P${String(1000 + Math.floor(r() * 1800)).padStart(4, '0')}`;
    const block = `B${String(1 + Math.floor(r() * 12)).padStart(2, '0')}`;
    const kind = r();
    let assays: AssayChannel[];
    let stain: string;
    if (kind < 0.4) {
      assays = [{ channel: 1, marker: 'H&E', chromogenFluorophores: 'Hematoxylin' }];
      stain = 'HE';
    } else if (kind < 0.8) {
      const marker = pick(IHC);
      assays = [
        {
          channel: 1,
          marker,
          chromogenFluorophores: 'DAB',
          primaryAntibody: `${marker} clone ${String.fromCharCode(65 + Math.floor(r() * 6))}${Math.floor(r() * 90 + 10)}`,
        },
      ];
      stain = marker.replace(/[^A-Za-z0-9]/g, '');
    } else {
      const panel = pick(PANELS);
      assays = panel.map((marker, c) => ({
        channel: c + 1,
        marker,
        chromogenFluorophores: OPALS[c]!,
        qcSlideChannelPass: r() > 0.08,
      }));
      stain = `mIF${panel.length}`;
    }
    const collected = day(2019, 5 * 365);
    const scanned = new Date(
      Date.parse(`${collected}T09:00:00.000Z`) +
        Math.floor(30 + r() * 400) * 86_400_000 +
        Math.floor(r() * 8 * 3600_000),
    ).toISOString();
    const isIhc = kind >= 0.4 && kind < 0.8;
    rows.push({
      fileName: `${study.studyId}-${patient}-${block}-S${String(1 + Math.floor(r() * 20)).padStart(2, '0')}-${stain}-${String(i).padStart(5, '0')}.svs`,
      blockId: maybe(0.97, () => `${patient}-${block}`),
      assays,
      tissueType: pick([
        'Primary tumor',
        'Primary tumor',
        'Metastasis',
        'Lymph node',
        'Normal adjacent tissue',
      ]),
      organ: study.organ,
      consentObtained: r() > 0.03,
      privacyClass: pick(['Pseudonymized', 'Pseudonymized', 'Anonymized']),
      imageQcPass: maybe(0.9, () => r() > 0.07),
      slideQcPass: maybe(0.85, () => r() > 0.05),
      qcComments: r() < 0.12 ? [pick(QC)] : [],
      studyId: study.studyId,
      acronym: study.acronym,
      patientId: patient,
      visit: pick(VISITS),
      drugIds: study.drugs.filter(() => r() < 0.6),
      sampleType: pick(SAMPLE_TYPES),
      collectionDate: collected,
      indicationV2: maybe(0.96, () => study.indication),
      indicationSubtypeV2: maybe(0.8, () => pick(SUBTYPES[study.indication]!)),
      stainingDate: day(2020, 4 * 365),
      stainingPlatform: pick(PLATFORMS),
      scanner: pick(SCANNERS),
      scanDate: scanned,
      scanMagnification: r() < 0.8 ? 40 : 20,
      sectionThickness: Math.round((3 + r() * 2) * 10) / 10,
      sectionDate: day(2020, 4 * 365),
      tumorContent: maybe(0.7, () => Math.floor(r() * 95)),
      necrosis: maybe(0.5, () => Math.round(r() * 400) / 10),
      heAssessedBy:
        kind < 0.4 ? maybe(0.8, () => pick(['A. Moreau', 'K. Tanaka', 'S. Okafor', 'L. Svensson'])) : null,
      ihcScore: isIhc ? maybe(0.8, () => Math.floor(r() * 4)) : null,
      hScore: isIhc ? maybe(0.7, () => Math.floor(r() * 300)) : null,
      predictedClass: maybe(0.3, () => pick(['Inflamed', 'Excluded', 'Desert'])),
      predictionScore: maybe(0.3, () => Math.round(r() * 1000) / 1000),
    });
  }
  return rows;
}

/** Inserts the rows into a project (with an image row each, whose file is not stored), in one transaction. */
export async function insertSyntheticSlides(
  db: Db,
  projectId: string,
  rows: readonly SyntheticSlide[],
  createdBy: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { fileName, ...values } of rows) {
      const checksum = crypto
        .createHash('sha256')
        .update(`tessera-demo:${projectId}:${fileName}`)
        .digest('hex');
      await insertMetadataSlide(trx, {
        projectId,
        fileName,
        checksum,
        format: METADATA_ONLY_STATUS,
        status: METADATA_ONLY_STATUS,
        createdBy,
        values,
      });
    }
  });
}

/** Both stored demo slides are cut from one lung resection. */
const DEMO_SPECIMEN: SlideMetadata = {
  tissueType: 'Primary tumor',
  organ: 'Lung',
  studyId: 'TS40112',
  acronym: 'LUMINA-2',
  patientId: 'P1000',
  indicationV2: 'NSCLC',
  indicationSubtypeV2: 'Adenocarcinoma',
  sampleType: 'Resection',
};

/**
 * The metadata of the demo's two registered slides (demo-brightfield.ome.tif, demo-fluorescence.ome.tif),
 * like the synthetic rows': a block, assays matching their channels (H&E; the four channels of the
 * fluorescence slide), an organ and a study, so they are not the two blank rows of the table.
 */
export const DEMO_SLIDE_METADATA: Readonly<Record<string, SlideMetadata>> = {
  'demo-brightfield.ome.tif': {
    blockId: 'P1000-B01',
    assays: [{ channel: 1, marker: 'H&E', chromogenFluorophores: 'Hematoxylin' }],
    ...DEMO_SPECIMEN,
  },
  'demo-fluorescence.ome.tif': {
    blockId: 'P1000-B02',
    assays: [
      { channel: 1, marker: 'DAPI', chromogenFluorophores: 'DAPI', qcSlideChannelPass: true },
      { channel: 2, marker: 'CD3', chromogenFluorophores: 'Opal 520', qcSlideChannelPass: true },
      { channel: 3, marker: 'CD8', chromogenFluorophores: 'Opal 570', qcSlideChannelPass: true },
      { channel: 4, marker: 'PD-L1', chromogenFluorophores: 'Opal 620', qcSlideChannelPass: true },
    ],
    ...DEMO_SPECIMEN,
  },
};

/** Gives the demo's registered slides (as the import answered them) their metadata, in one transaction. */
export async function describeDemoSlides(
  db: Db,
  projectId: string,
  slides: readonly { fileName: string; slideId: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { fileName, slideId } of slides) {
      const metadata = DEMO_SLIDE_METADATA[fileName];
      if (metadata) await setSlideMetadata(trx, projectId, slideId, metadata);
    }
  });
}
