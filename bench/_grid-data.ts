/**
 * The data of the grid benchmark (bench/grid.ts): SLIDE_COUNT synthetic slides in one project, made
 * deterministically (seeded PRNG) to look like a pharma pathology archive: studies of skewed size, each
 * with its indication, scanner, stainer and drugs; blocks of 1–6 sections (H&E first, then IHC or
 * multiplex IF); skewed vocabulary values from migration 0010, some blanks. Every slide gets its image
 * row, its list values in slide_values and its channels in slide_assays, as the application writes them
 * (slide-metadata.queries.ts). One pass of the generator feeds both databases.
 *
 * The schema is made by our migrations; for the load the secondary indexes and the FTS triggers are
 * dropped and then recreated from the very statements the migrations left in the catalog (SQLite:
 * sqlite_master; PostgreSQL: pg_get_indexdef), with the FTS5 'rebuild', then ANALYZE (PostgreSQL:
 * VACUUM ANALYZE, so index-only scans find the visibility map set, as on a settled database).
 *
 * Caching: the SQLite file is kept in CACHE_DIR under the version key (the runs copy it, so the server
 * never writes to the cached file). PostgreSQL keeps the database `tessera_bench_grid_<version>` and
 * reuses it on later runs rather than regenerating it each time (minutes); it is marked complete by a
 * database comment only after VACUUM ANALYZE, so an interrupted load is redone. The server's own rows
 * (the bench user, sessions) stay in it between runs. BENCH_GRID_REGENERATE=1 rebuilds both. Older
 * versions of either are deleted when a new one is generated.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseUrl, isMarked, mark, replaceDatabases, withClient } from './_postgres.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { CACHE_DIR, log } from './_lib.ts';

export const SLIDE_COUNT = Number(process.env.BENCH_GRID_SLIDES ?? 1_000_000);
export const PROJECT_ID = '6e6368000000000000000001';
const REGENERATE = process.env.BENCH_GRID_REGENERATE === '1';
/** Changes with the generator (bump v), the row count and the migrations, so a cache never outlives its schema. */
export const VERSION = `v1_${SLIDE_COUNT}_${crypto.createHash('sha256').update(Object.keys(MIGRATIONS).join(',')).digest('hex').slice(0, 8)}`;
const TABLES = ['images', 'slides', 'slide_values', 'slide_assays'];

type Value = string | number | null;

const IMAGE_COLUMNS = [
  'id',
  'checksum',
  'size',
  'storage_paths',
  'format',
  'image_info',
  'conversion_status',
  'created_at',
];
const SLIDE_COLUMNS = [
  'id',
  'project_id',
  'image_id',
  'file_name',
  'file_extension',
  'checksum',
  'name',
  'status',
  'created_at',
  'created_by',
  'updated_at',
  'block_id',
  'assay_markers_formatted',
  'tissue_type',
  'organ',
  'consent_obtained',
  'privacy_class',
  'technical_info',
  'image_qc_pass',
  'slide_qc_pass',
  'study_id',
  'acronym',
  'patient_id',
  'visit',
  'sample_type',
  'collection_date',
  'results_qc_pass',
  'results_qc_comment',
  'indication_v2',
  'indication_subtype_v2',
  'tumor_subtype',
  'staining_date',
  'staining_platform',
  'scanner',
  'scan_date',
  'scan_magnification',
  'section_thickness',
  'section_date',
  'predicted_class',
  'prediction_score',
  'he_assessed_by',
  'he_secondary_reviewer',
  'tumor_content',
  'necrosis',
  'ihc_score',
  'h_score',
  'assays',
  'drug_ids',
  'qc_comments',
  'molecular_subtype',
];
const VALUE_COLUMNS = ['slide_id', 'project_id', 'field', 'value'];
const ASSAY_COLUMNS = [
  'slide_id',
  'project_id',
  'channel',
  'id',
  'marker',
  'chromogen_fluorophores',
  'primary_antibody',
  'secondary_antibody',
  'qc_pass',
  'qc_comment',
  'qc_freetext',
];
const COLUMNS: Record<string, string[]> = {
  images: IMAGE_COLUMNS,
  slides: SLIDE_COLUMNS,
  slide_values: VALUE_COLUMNS,
  slide_assays: ASSAY_COLUMNS,
};

/** One slide's rows, per table, values in the order of the column lists above. */
type SlideRows = Record<string, Value[][]>;

// --- the generator ----------------------------------------------------------------------------------

/** mulberry32: small, fast and good enough for synthetic data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = 20261123;
/** The generator's random numbers; reset by each generateSlides, so every database gets the same rows. */
let r = prng(SEED);
const chance = (p: number) => r() < p;
const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const hex = (words: number) => {
  let s = '';
  for (let i = 0; i < words; i++) s += ((r() * 2 ** 32) >>> 0).toString(16).padStart(8, '0');
  return s;
};
/** A picker over [value, weight] pairs. */
function weighted<T>(pairs: readonly (readonly [T, number])[]): () => T {
  const total = pairs.reduce((a, [, w]) => a + w, 0);
  return () => {
    let x = r() * total;
    for (const [v, w] of pairs) if ((x -= w) < 0) return v;
    return pairs.at(-1)![0];
  };
}
/** Zipf-like weights over a list: the first is common, the tail rare. */
const zipf = <T>(list: readonly T[], s = 1) => weighted(list.map((v, i) => [v, 1 / (i + 1) ** s] as const));

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`) / DAY;
const isoDay = (day: number) => new Date(Math.floor(day) * DAY).toISOString().slice(0, 10);
const isoTime = (day: number) => new Date(Math.floor(day * DAY)).toISOString();
const LAST_DAY = dayOf('2026-11-20');

const INDICATIONS = weighted([
  ['NSCLC', 25],
  ['Breast cancer', 14],
  ['Colorectal cancer', 10],
  ['Melanoma', 6],
  ['Gastric cancer', 5],
  ['Prostate cancer', 5],
  ['Head and neck squamous cell carcinoma', 5],
  ['Urothelial carcinoma', 5],
  ['SCLC', 4],
  ['Ovarian cancer', 4],
  ['Hepatocellular carcinoma', 4],
  ['Renal cell carcinoma', 4],
  ['Pancreatic cancer', 3],
  ['Healthy tissue', 3],
  ['Glioblastoma', 2],
] as const);
const SUBTYPES: Record<string, string[]> = {
  NSCLC: ['Adenocarcinoma', 'Squamous cell carcinoma', 'Large cell carcinoma'],
  'Breast cancer': ['HR+/HER2-', 'HER2+', 'Triple negative'],
  'Colorectal cancer': ['MSS', 'MSI-high'],
  'Gastric cancer': ['Intestinal type', 'Diffuse type'],
  Melanoma: ['Cutaneous', 'Acral', 'Mucosal', 'Uveal'],
  'Prostate cancer': ['Acinar adenocarcinoma', 'Neuroendocrine'],
  'Ovarian cancer': ['High-grade serous', 'Endometrioid', 'Clear cell'],
  'Head and neck squamous cell carcinoma': ['HPV-negative', 'HPV-positive'],
  'Renal cell carcinoma': ['Clear cell', 'Papillary', 'Chromophobe'],
  'Urothelial carcinoma': ['Muscle-invasive', 'Non-muscle-invasive'],
  'Pancreatic cancer': ['Ductal adenocarcinoma'],
  Glioblastoma: ['IDH-wildtype'],
};
const TUMOR_SUBTYPES: Record<string, string[]> = {
  NSCLC: ['Acinar', 'Solid', 'Lepidic', 'Papillary', 'Micropapillary'],
  'Breast cancer': ['Invasive ductal', 'Invasive lobular', 'Mucinous'],
  'Colorectal cancer': ['Mucinous', 'Signet ring cell'],
};
const ORGANS: Record<string, string[]> = {
  NSCLC: ['Lung'],
  SCLC: ['Lung'],
  'Breast cancer': ['Breast'],
  'Colorectal cancer': ['Colon', 'Colon', 'Rectum'],
  'Gastric cancer': ['Stomach'],
  Melanoma: ['Skin'],
  'Prostate cancer': ['Prostate'],
  'Pancreatic cancer': ['Pancreas'],
  'Ovarian cancer': ['Ovary'],
  'Head and neck squamous cell carcinoma': ['Tonsil'],
  'Hepatocellular carcinoma': ['Liver'],
  'Renal cell carcinoma': ['Kidney'],
  'Urothelial carcinoma': ['Bladder'],
  Glioblastoma: ['Brain'],
  'Healthy tissue': ['Lung', 'Colon', 'Liver', 'Skin', 'Tonsil', 'Lymph node'],
};
const MOLECULAR: Record<string, [string, number][]> = {
  NSCLC: [
    ['EGFR mutant', 0.15],
    ['KRAS G12C', 0.12],
    ['ALK fusion', 0.04],
    ['ROS1 fusion', 0.02],
    ['PD-L1 high', 0.2],
    ['TMB high', 0.1],
  ],
  'Breast cancer': [
    ['HER2 amplified', 0.2],
    ['PD-L1 high', 0.08],
  ],
  'Colorectal cancer': [
    ['MSI-high', 0.12],
    ['BRAF V600E', 0.08],
    ['KRAS G12C', 0.03],
  ],
  Melanoma: [
    ['BRAF V600E', 0.45],
    ['TMB high', 0.2],
  ],
};
const MOLECULAR_OTHER: [string, number][] = [
  ['PD-L1 high', 0.15],
  ['TMB high', 0.08],
  ['MSI-high', 0.03],
];
const SCANNERS = weighted([
  ['Aperio GT 450', 35],
  ['Aperio AT2', 20],
  ['Hamamatsu NanoZoomer S360', 20],
  ['3DHISTECH Pannoramic 250', 10],
  ['Philips IntelliSite', 10],
  ['Akoya PhenoImager HT', 5],
] as const);
const EXTENSIONS: Record<string, string> = {
  'Aperio GT 450': 'svs',
  'Aperio AT2': 'svs',
  'Hamamatsu NanoZoomer S360': 'ndpi',
  '3DHISTECH Pannoramic 250': 'mrxs',
  'Philips IntelliSite': 'tiff',
  'Akoya PhenoImager HT': 'qptiff',
};
const PLATFORMS = weighted([
  ['Ventana BenchMark ULTRA', 55],
  ['Leica BOND RX', 30],
  ['Dako Autostainer Link 48', 15],
] as const);
const TISSUE_TYPES = weighted([
  ['Primary tumor', 60],
  ['Metastasis', 15],
  ['Lymph node', 8],
  ['Normal adjacent tissue', 8],
  ['Tonsil (control)', 3],
  ['Cell line pellet', 1],
  [null, 5],
] as const);
const PRIVACY = weighted([
  ['Pseudonymized', 70],
  ['Anonymized', 25],
  ['Identifiable', 1],
  [null, 4],
] as const);
const VISITS = weighted([
  ['Screening', 30],
  ['Baseline', 25],
  ['Cycle 1 Day 1', 10],
  ['Cycle 2 Day 1', 10],
  ['On treatment', 10],
  ['End of treatment', 5],
  ['Progression', 5],
  [null, 5],
] as const);
const SAMPLE_TYPES = weighted([
  ['Resection', 40],
  ['Core needle biopsy', 35],
  ['Excisional biopsy', 8],
  ['TMA core', 8],
  ['Fine needle aspirate', 3],
  ['Cytology cell block', 3],
  [null, 3],
] as const);
const IO_DRUGS = ['Atezolizumab', 'Pembrolizumab', 'Nivolumab', 'Durvalumab'];
const OTHER_DRUGS = [
  'Carboplatin',
  'Cisplatin',
  'Paclitaxel',
  'Docetaxel',
  'Pemetrexed',
  'Bevacizumab',
  'Trastuzumab',
];
const QC_COMMENTS = zipf([
  'Tissue fold',
  'Out of focus',
  'Air bubble',
  'Pen marks',
  'Weak staining',
  'Tissue tear',
  'Background staining',
  'Edge artifact',
  'Insufficient tumor',
]);
const CHANNEL_COMMENTS = [
  'Weak signal',
  'High background',
  'Non-specific staining',
  'Bleed-through',
  'Saturated',
];
const IHC_MARKERS = zipf(
  [
    'PD-L1',
    'CD8',
    'Ki-67',
    'CD3',
    'Pan-CK',
    'CD68',
    'FOXP3',
    'HER2',
    'p53',
    'CD20',
    'CD163',
    'ER',
    'PR',
    'CD4',
    'LAG-3',
    'TIM-3',
    'Granzyme B',
    'HLA-DR',
    'CD56',
    'αSMA',
    'CD45',
    'CD11c',
    'PD-1',
    'SOX10',
    'MLH1',
    'MSH2',
    'MSH6',
    'PMS2',
  ],
  0.8,
);
const INDICATION_MARKERS: Record<string, string[]> = {
  'Breast cancer': ['HER2', 'ER', 'PR', 'Ki-67'],
  'Colorectal cancer': ['MLH1', 'MSH2', 'MSH6', 'PMS2'],
  Melanoma: ['SOX10', 'PD-L1'],
  'Prostate cancer': ['Ki-67', 'p53'],
};
const MIF_MARKERS = ['CD8', 'CD3', 'FOXP3', 'CD68', 'PD-L1', 'Pan-CK', 'CD20', 'PD-1', 'CD163', 'Granzyme B'];
const OPALS = ['Opal 480', 'Opal 520', 'Opal 570', 'Opal 620', 'Opal 690'];
const CLONES: Record<string, string[]> = {
  'PD-L1': ['SP263', '22C3', 'SP142', '28-8'],
  CD8: ['SP57', 'C8/144B'],
  'Ki-67': ['30-9', 'MIB-1'],
  HER2: ['4B5'],
  ER: ['SP1'],
  PR: ['1E2'],
  CD3: ['2GV6', 'SP7'],
  CD68: ['KP1', 'PG-M1'],
  FOXP3: ['SP97', '236A/E7'],
  'Pan-CK': ['AE1/AE3'],
  p53: ['DO-7'],
  SOX10: ['SP267'],
  CD20: ['L26'],
  'PD-1': ['NAT105'],
  CD163: ['MRQ-26'],
};
const PATHOLOGISTS = zipf([
  'A. Schmidt',
  'M. Rossi',
  'J. Chen',
  'S. Patel',
  'L. Dubois',
  'K. Tanaka',
  'E. Novak',
  'R. García',
  'H. Jensen',
  'T. Okafor',
  'P. Kowalski',
  'N. Haddad',
  'C. Silva',
  'D. Fischer',
  'I. Ivanova',
  'B. Murphy',
  'F. Rahman',
  'G. Moretti',
  'O. Lindqvist',
  'Y. Kim',
]);
const PREDICTED = zipf(['Inflamed', 'Excluded', 'Desert', 'Tumor', 'Stroma', 'Necrosis']);
const TECHNICAL = [
  'Rescanned at 40x',
  'Barcode unreadable, renamed by hand',
  'Coverslip replaced',
  'Z-stack of 3 layers',
  'Scanned from a re-cut',
];
const RESULTS_QC = [
  'Tumor area below minimum',
  'Annotation incomplete',
  'Staining outside control range',
  'Wrong block linked',
];

interface Study {
  id: string;
  code: string;
  acronym: string | null;
  indication: string;
  scanner: string;
  platform: string;
  drugs: string[];
  start: number;
  span: number;
  blocks: number;
  mifShare: number;
}

function makeStudies(count: number): Study[] {
  const ids = new Set<string>();
  const acronymBases = [
    'IMpower',
    'IMbrave',
    'IMvigor',
    'IMspire',
    'IMpassion',
    'IMagyn',
    'SKYSCRAPER',
    'MORPHEUS',
    'CITYSCAPE',
    'BEACON',
    'CONTACT',
    'HORIZON',
    'SUMMIT',
    'ZENITH',
  ];
  const studies: Study[] = [];
  while (studies.length < count) {
    const code = String(int(20000, 49999));
    const id = `${pick(['GO', 'BO', 'WO', 'YO', 'MO', 'CO', 'NP', 'ML'])}${code}`;
    if (ids.has(id)) continue;
    ids.add(id);
    const base = pick(acronymBases);
    const acronym = chance(0.1)
      ? null
      : base === base.toUpperCase()
        ? `${base}-${String(int(1, 12)).padStart(2, '0')}`
        : `${base}${int(100, 180)}`;
    const start = dayOf('2015-01-01') + r() * (dayOf('2024-06-01') - dayOf('2015-01-01'));
    const drugs = [
      pick(IO_DRUGS),
      ...(chance(0.6) ? [pick(OTHER_DRUGS)] : []),
      ...(chance(0.2) ? [pick(OTHER_DRUGS)] : []),
    ];
    studies.push({
      id,
      code,
      acronym,
      indication: INDICATIONS(),
      scanner: SCANNERS(),
      platform: PLATFORMS(),
      drugs: [...new Set(drugs)],
      start,
      span: int(365, 4 * 365),
      blocks: 0,
      mifShare: chance(0.3) ? 0.4 : 0.05,
    });
  }
  return studies;
}

interface Channel {
  marker: string;
  chromogen: string | null;
}

function channelsOf(kind: 'he' | 'ihc' | 'mif', indication: string): Channel[] {
  if (kind === 'he') return [{ marker: 'H&E', chromogen: null }];
  if (kind === 'mif') {
    const markers = [...MIF_MARKERS];
    for (let i = 0; i < 3; i++) {
      const j = i + Math.floor(r() * (markers.length - i));
      [markers[i], markers[j]] = [markers[j]!, markers[i]!];
    }
    markers.length = int(2, 3);
    return [
      { marker: 'DAPI', chromogen: 'DAPI' },
      ...markers.map((marker, i) => ({ marker, chromogen: OPALS[i]! })),
    ];
  }
  const special = INDICATION_MARKERS[indication];
  const first = special && chance(0.4) ? pick(special) : IHC_MARKERS();
  if (!chance(0.15)) return [{ marker: first, chromogen: chance(0.9) ? 'DAB' : 'Fast Red' }];
  let second = IHC_MARKERS();
  while (second === first) second = IHC_MARKERS();
  return [
    { marker: first, chromogen: 'DAB' },
    { marker: second, chromogen: 'Fast Red' },
  ];
}

const bool = (pTrue: number, pFalse: number): number | null => {
  const x = r();
  return x < pTrue ? 1 : x < pTrue + pFalse ? 0 : null;
};
const capped = (day: number) => Math.min(day, LAST_DAY);

/** Every slide's rows, block by block (insertion order); ids and checksums random like newId's. */
export function* generateSlides(count: number): Generator<SlideRows> {
  r = prng(SEED);
  const studies = makeStudies(80);
  const pickStudy = zipf(studies, 0.9);
  let made = 0;
  let blockNo = 0;
  while (made < count) {
    const study = pickStudy();
    blockNo++;
    const patientNo = Math.floor(study.blocks++ / 3);
    const blockId = `B${String(blockNo).padStart(7, '0')}`;
    const indication = chance(0.02) ? null : chance(0.9) ? study.indication : INDICATIONS();
    const key = indication ?? '';
    const subtypes = SUBTYPES[key];
    const tissueType = TISSUE_TYPES();
    const organ =
      tissueType === 'Tonsil (control)'
        ? 'Tonsil'
        : tissueType === 'Lymph node'
          ? 'Lymph node'
          : tissueType === 'Metastasis' && chance(0.5)
            ? pick(['Liver', 'Lymph node', 'Brain'])
            : indication && !chance(0.03)
              ? pick(ORGANS[key]!)
              : null;
    const collection = study.start + r() * study.span;
    const molecular = [
      ...new Set((MOLECULAR[key] ?? MOLECULAR_OTHER).filter(([, p]) => chance(p)).map(([v]) => v)),
    ];
    const drugs = chance(0.2) ? [] : chance(0.15) ? ['Placebo', ...study.drugs.slice(1)] : study.drugs;
    const block = {
      block_id: blockId,
      study_id: study.id,
      acronym: study.acronym,
      patient_id: `${study.code}-${String(patientNo).padStart(5, '0')}`,
      visit: VISITS(),
      sample_type: SAMPLE_TYPES(),
      collection_date: chance(0.03) ? null : isoDay(capped(collection)),
      tissue_type: tissueType,
      organ,
      consent_obtained: bool(0.9, 0.02),
      privacy_class: PRIVACY(),
      indication_v2: indication,
      indication_subtype_v2: subtypes && !chance(0.2) ? zipf(subtypes)() : null,
      tumor_subtype: TUMOR_SUBTYPES[key] && chance(0.5) ? pick(TUMOR_SUBTYPES[key]) : null,
    };
    const sections = 1 + Math.floor(r() * r() * 6);
    for (let s = 1; s <= sections && made < count; s++, made++) {
      const kind = s === 1 ? 'he' : chance(study.mifShare) ? 'mif' : 'ihc';
      const channels = channelsOf(kind, key);
      const stained = collection + int(20, 400);
      const scanned = stained + int(1, 14) + r();
      let scanner =
        kind === 'mif'
          ? chance(0.8)
            ? 'Akoya PhenoImager HT'
            : SCANNERS()
          : chance(0.75)
            ? study.scanner
            : SCANNERS();
      if (scanner === 'Akoya PhenoImager HT' && kind !== 'mif') scanner = 'Aperio GT 450';
      if (scanner === 'Aperio AT2' && scanned >= dayOf('2024-01-01')) scanner = 'Aperio GT 450'; // deprecated since 2024
      const ext = EXTENSIONS[scanner]!;
      const stain =
        kind === 'he'
          ? 'HE'
          : kind === 'mif'
            ? `mIF${channels.length - 1}`
            : channels.map((c) => c.marker.replace(/[^A-Za-z0-9]/g, '')).join('');
      const fileBase = `${study.id}-${blockId}-S${String(s).padStart(2, '0')}-${stain}`;
      const id = hex(3);
      const imageId = hex(3);
      const checksum = hex(8);
      const created = capped(scanned + r() * 30);
      const updated = chance(0.3) ? capped(created + r() * 200) : created;
      const imageQc = bool(0.85, 0.05);
      const slideQc = bool(0.85, 0.04);
      const qcComments =
        imageQc === 0 || slideQc === 0
          ? [...new Set([QC_COMMENTS(), ...(chance(0.3) ? [QC_COMMENTS()] : [])])]
          : chance(0.04)
            ? [QC_COMMENTS()]
            : [];
      const resultsQc = bool(0.35, 0.05);
      const isHe = kind === 'he';
      const heBy = isHe && chance(0.7) ? PATHOLOGISTS() : null;
      const tumorContent =
        isHe && chance(0.7) ? Math.min(100, Math.max(0, Math.round((r() * 60 + r() * 40) / 5) * 5)) : null;
      const assays = channels.map((c, i) => {
        const qcPass = bool(0.8, 0.05);
        const clones = CLONES[c.marker];
        return {
          id: hex(3),
          channel: i + 1,
          marker: c.marker,
          chromogenFluorophores: c.chromogen,
          primaryAntibody: clones && chance(0.7) ? pick(clones) : null,
          secondaryAntibody: kind !== 'he' && chance(0.2) ? 'Anti-rabbit HRP' : null,
          qcSlideChannelPass: qcPass === null ? null : qcPass === 1,
          qcSlideChannelComment:
            qcPass === 0 ? pick(CHANNEL_COMMENTS) : qcPass === 1 && chance(0.3) ? 'Pass' : null,
          qcSlideChannelFreetext: chance(0.01) ? 'See lab notebook' : null,
        };
      });
      // The block's fields are added after the literal: a literal that starts with a spread was 15× slower in V8.
      const slide: Record<string, Value> = {
        id,
        project_id: PROJECT_ID,
        image_id: imageId,
        file_name: `${fileBase}.${ext}`,
        file_extension: ext,
        checksum,
        name: fileBase,
        status: 'available',
        created_at: isoTime(created),
        created_by: null,
        updated_at: isoTime(updated),
        assay_markers_formatted: channels.map((c) => c.marker).join('-'),
        technical_info: chance(0.05) ? pick(TECHNICAL) : null,
        image_qc_pass: imageQc,
        slide_qc_pass: slideQc,
        results_qc_pass: resultsQc,
        results_qc_comment: resultsQc === 0 ? pick(RESULTS_QC) : null,
        staining_date: chance(0.03) ? null : isoDay(capped(stained)),
        staining_platform: chance(0.03)
          ? null
          : isHe && chance(0.3)
            ? 'Manual'
            : chance(0.8)
              ? study.platform
              : PLATFORMS(),
        scanner: chance(0.01) ? null : scanner,
        scan_date: chance(0.01) ? null : isoTime(capped(scanned)),
        scan_magnification: chance(0.02) ? null : chance(0.7) ? 40 : 20,
        section_thickness: chance(0.05) ? null : pick([4, 4, 4, 3, 5]),
        section_date: chance(0.05) ? null : isoDay(capped(stained - int(0, 5))),
        predicted_class: !isHe && kind !== 'mif' ? null : chance(0.15) ? PREDICTED() : null,
        prediction_score: null,
        he_assessed_by: heBy,
        he_secondary_reviewer: heBy && chance(0.2) ? PATHOLOGISTS() : null,
        tumor_content: tumorContent,
        necrosis: tumorContent !== null && chance(0.5) ? Math.round(r() * r() * 400) / 10 : null,
        ihc_score: kind === 'ihc' && chance(0.8) ? int(0, 3) : null,
        h_score: kind === 'ihc' && chance(0.75) ? Math.round(r() * r() * 300) : null,
        assays: JSON.stringify(assays),
        drug_ids: JSON.stringify(drugs),
        qc_comments: JSON.stringify(qcComments),
        molecular_subtype: JSON.stringify(molecular),
      };
      Object.assign(slide, block);
      if (slide.predicted_class !== null)
        slide.prediction_score = Math.round((0.5 + r() * 0.5) * 1000) / 1000;
      const lists: [string, string[]][] = [
        ['drugIds', drugs],
        ['qcComments', qcComments],
        ['molecularSubtype', molecular],
      ];
      yield {
        images: [
          [
            imageId,
            checksum,
            int(150, 3000) * 1_048_576 + int(0, 1_048_575),
            '[]',
            'none',
            '{}',
            'NotConverted',
            slide.created_at!,
          ],
        ],
        slides: [SLIDE_COLUMNS.map((c) => slide[c] ?? null)],
        slide_values: lists.flatMap(([field, list]) => list.map((v) => [id, PROJECT_ID, field, v])),
        slide_assays: assays.map((a) => [
          id,
          PROJECT_ID,
          a.channel,
          a.id,
          a.marker,
          a.chromogenFluorophores,
          a.primaryAntibody,
          a.secondaryAntibody,
          a.qcSlideChannelPass === null ? null : a.qcSlideChannelPass ? 1 : 0,
          a.qcSlideChannelComment,
          a.qcSlideChannelFreetext,
        ]),
      };
    }
  }
}

const PROJECT_ROW = {
  id: PROJECT_ID,
  name: 'Grid benchmark',
  name_key: 'grid benchmark',
  summary: `${SLIDE_COUNT} synthetic slides (bench/grid.ts)`,
  folder_id: '',
  is_home: 0,
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
};

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
/** Lets the other database's loader go on between two long synchronous SQLite statements. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A database being loaded: takes every slide's rows, then builds its indexes and statistics. */
interface Loader {
  add(rows: SlideRows): Promise<void> | undefined;
  finish(): Promise<void>;
}

const PG_DATABASE = `tessera_bench_grid_${VERSION}`;
const COMPLETE = `complete ${VERSION}`;

/**
 * The two databases of this version, generated when missing: one pass of the generator feeds both, and
 * their index builds overlap (SQLite in this process, PostgreSQL in its own), so the 2-core machine does
 * it in a few minutes once.
 */
export async function ensureGridDatabases(): Promise<{ sqliteFile: string; pgUrl: string }> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const sqliteFile = path.join(CACHE_DIR, `grid-${VERSION}.sqlite`);
  const pgUrl = databaseUrl(PG_DATABASE);
  const loaders: Loader[] = [];
  if (!existsSync(sqliteFile) || REGENERATE) loaders.push(await sqliteLoader(sqliteFile));
  if (!(await isMarked(PG_DATABASE, COMPLETE)) || REGENERATE) loaders.push(await postgresLoader(pgUrl));
  if (loaders.length) {
    const t0 = performance.now();
    for (const rows of generateSlides(SLIDE_COUNT)) for (const loader of loaders) await loader.add(rows);
    log(`${SLIDE_COUNT} slides generated and written in ${seconds(t0)}`);
    await Promise.all(loaders.map((l) => l.finish()));
    log(`databases ready in ${seconds(t0)}`);
  }
  return { sqliteFile, pgUrl };
}

// --- SQLite -------------------------------------------------------------------------------------------

/** Loads into `file`.partial, renamed to `file` only when complete. */
async function sqliteLoader(file: string): Promise<Loader> {
  for (const f of readdirSync(CACHE_DIR))
    if (f.startsWith('grid-')) rmSync(path.join(CACHE_DIR, f), { force: true });
  const partial = `${file}.partial`;
  log(`sqlite: loading ${file} …`);
  const handle = openDatabase(partial);
  await migrateToLatest(handle.db);
  await handle.close();
  const db = new SQLite(partial);
  // Bulk-load settings of this connection alone; the file goes back to WAL (what the server uses) at the end.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -3000000');
  db.pragma('threads = 2');
  db.pragma('foreign_keys = OFF'); // consistent by construction, as on PostgreSQL below
  const names = TABLES.map((t) => `'${t}'`).join(', ');
  const objects = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name IN (${names}) AND sql IS NOT NULL`,
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const o of objects) db.exec(`DROP ${o.type.toUpperCase()} ${o.name}`);
  const p = PROJECT_ROW;
  db.prepare(
    'INSERT INTO projects (id, name, name_key, summary, folder_id, is_home, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(p.id, p.name, p.name_key, p.summary, p.folder_id, p.is_home, p.created_at, p.updated_at);
  const inserts = TABLES.map(
    (t) =>
      [
        t,
        db.prepare(
          `INSERT INTO ${t} (${COLUMNS[t]!.join(', ')}) VALUES (${COLUMNS[t]!.map(() => '?').join(', ')})`,
        ),
      ] as const,
  );
  let n = 0;
  db.exec('BEGIN');
  return {
    add(rows) {
      for (const [t, insert] of inserts) for (const row of rows[t]!) insert.run(row);
      if (++n % 50_000 === 0) db.exec('COMMIT; BEGIN');
      return undefined;
    },
    async finish() {
      const t0 = performance.now();
      try {
        db.exec('COMMIT');
        for (const o of objects.filter((x) => x.type === 'index')) {
          db.exec(o.sql);
          await nextTurn();
        }
        for (const o of objects.filter((x) => x.type === 'trigger')) db.exec(o.sql);
        log(`sqlite: ${objects.length} indexes and triggers in ${seconds(t0)}; FTS5 trigram rebuild …`);
        await nextTurn();
        db.exec(`INSERT INTO slides_fts(slides_fts) VALUES ('rebuild')`);
        await nextTurn();
        db.exec('ANALYZE');
        db.pragma('journal_mode = WAL');
      } finally {
        db.close();
      }
      renameSync(partial, file);
      log(`sqlite: indexes, FTS5 and ANALYZE in ${seconds(t0)}`);
    },
  };
}

// --- PostgreSQL ---------------------------------------------------------------------------------------

/** A new database (older bench databases are dropped), loaded by COPY; marked complete after VACUUM ANALYZE. */
async function postgresLoader(url: string): Promise<Loader> {
  await replaceDatabases('tessera_bench_grid_', PG_DATABASE);
  log(`postgres: loading database ${PG_DATABASE} …`);
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await handle.close();
  const indexes = await withClient(url, async (c) => {
    const { rows } = await c.query<{ name: string; def: string }>(
      `SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_class ci ON ci.oid = i.indexrelid
       WHERE t.relname = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      [TABLES],
    );
    for (const ix of rows) await c.query(`DROP INDEX ${ix.name}`);
    const p = PROJECT_ROW;
    await c.query(
      'INSERT INTO projects (id, name, name_key, summary, folder_id, is_home, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [p.id, p.name, p.name_key, p.summary, p.folder_id, p.is_home, p.created_at, p.updated_at],
    );
    return rows;
  });
  const copies = TABLES.map((t) => startCopy(url, t));
  let n = 0;
  return {
    add(rows) {
      TABLES.forEach((t, i) => {
        for (const row of rows[t]!) copies[i]!.buffer.push(`${row.map(csvValue).join(',')}\n`);
      });
      if (++n % 2000 === 0) return Promise.all(copies.map((c) => c.flush())).then(() => undefined);
      return undefined;
    },
    async finish() {
      const t0 = performance.now();
      await Promise.all(copies.map((c) => c.end()));
      // Two connections: B-tree builds use parallel workers, pg_trgm GIN builds one core each.
      const queue = [...indexes];
      await Promise.all(
        [0, 1].map(() =>
          withClient(url, async (c) => {
            await c.query(`SET maintenance_work_mem = '512MB'`);
            for (let ix = queue.shift(); ix; ix = queue.shift()) await c.query(ix.def);
          }),
        ),
      );
      log(`postgres: ${indexes.length} indexes in ${seconds(t0)}; VACUUM ANALYZE …`);
      await withClient(url, async (c) => {
        for (const t of TABLES) await c.query(`VACUUM (ANALYZE) ${t}`);
      });
      await mark(PG_DATABASE, COMPLETE);
      log(`postgres: indexes and VACUUM ANALYZE in ${seconds(t0)}`);
    },
  };
}

const csvValue = (v: Value): string =>
  v === null ? '' : typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`;

/**
 * COPY of one table through psql, fed as the generator runs. Foreign keys are not checked row by row
 * (session_replication_role = replica, superuser): the rows are consistent by construction.
 */
function startCopy(url: string, table: string) {
  const child = spawn(
    'psql',
    [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-d',
      url,
      '-c',
      `COPY ${table} (${COLUMNS[table]!.join(', ')}) FROM STDIN WITH (FORMAT csv)`,
    ],
    {
      env: { ...process.env, PGOPTIONS: '-c session_replication_role=replica' },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`psql COPY ${table} failed (${code}): ${err}`)),
    ),
  );
  done.catch(() => undefined); // reported by the flush or end that waits on it
  child.stdin.on('error', () => undefined); // a psql that failed: its exit says why
  const copy = {
    buffer: [] as string[],
    async flush() {
      if (!copy.buffer.length) return;
      const ok = child.stdin.write(copy.buffer.join(''));
      copy.buffer = [];
      if (!ok) await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), done]);
    },
    async end() {
      await copy.flush();
      child.stdin.end();
      await done;
    },
  };
  return copy;
}
