/**
 * A slide's assays: one entry per channel with its marker (spec 1 §3, spec 2 §5 marker edit rules). The
 * QC table adds the staining and QC columns of each channel.
 */
import { parseBoundedJson } from '../json-bounds.ts';
import { ID_PATTERN } from '../ids.ts';
import { CELL_MESSAGES, choosableValues } from './cell-value.ts';
import type { AllowedValue } from './field-types.ts';

export interface AssayChannel {
  /** 24 hex characters; the server gives new channels one. */
  id?: string;
  channel: number;
  marker: string;
  chromogenFluorophores?: string | null;
  primaryAntibody?: string | null;
  secondaryAntibody?: string | null;
  qcSlideChannelPass?: boolean | null;
  qcSlideChannelComment?: string | null;
  qcSlideChannelFreetext?: string | null;
}

/** The most channels a slide may list (a multiplex panel has at most a few dozen). */
export const MAX_ASSAY_CHANNELS = 64;

/**
 * The marker edit rules applied on save: rows without a marker name are dropped; a channel must be a
 * whole number and is kept once (the first holder wins); ids that are not 24 hex characters are dropped
 * (the row stays, as a new channel). Sorted by channel.
 */
export function cleanAssayRows(rows: readonly Partial<AssayChannel>[]): AssayChannel[] {
  const seen = new Set<number>();
  const out: AssayChannel[] = [];
  for (const row of rows) {
    const marker = typeof row.marker === 'string' ? row.marker.trim() : '';
    if (!marker) continue;
    const channel = Number(row.channel);
    if (!Number.isInteger(channel) || channel < 0 || seen.has(channel)) continue;
    seen.add(channel);
    const { id, ...rest } = row;
    out.push({ ...rest, ...(typeof id === 'string' && ID_PATTERN.test(id) ? { id } : {}), channel, marker });
  }
  return out.sort((a, b) => a.channel - b.channel);
}

/** Moves row `index` to `channel`; a row already holding that channel loses it (spec 2 §5). */
export function reassignChannel<T extends { channel: number | null }>(
  rows: readonly T[],
  index: number,
  channel: number,
): T[] {
  return rows.map((row, i) =>
    i === index ? { ...row, channel } : row.channel === channel ? { ...row, channel: null } : row,
  );
}

/**
 * The assays cell check: a list of channels, each with a whole channel number (unique) and a marker of
 * the vocabulary; chromogens too when a vocabulary is given.
 */
export function checkAssays(
  value: unknown,
  markers: ReadonlySet<string>,
  chromogens?: ReadonlySet<string>,
): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.length > MAX_ASSAY_CHANNELS) return 'Assays must be a list of channels';
  const channels = new Set<number>();
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') return 'Assays must be a list of channels';
    const { channel, marker, chromogenFluorophores } = item as Partial<AssayChannel>;
    if (typeof channel !== 'number' || !Number.isInteger(channel) || channel < 0 || channels.has(channel))
      return 'Each assay channel must be a unique whole number';
    channels.add(channel);
    if (typeof marker !== 'string' || !markers.has(marker)) return CELL_MESSAGES.controlledVocabulary;
    if (chromogens && chromogenFluorophores != null && !chromogens.has(chromogenFluorophores))
      return CELL_MESSAGES.controlledVocabulary;
  }
  return null;
}

/** A pasted assays cell: valid JSON holding a list, or null (the cell is invalid). */
export function parsePastedAssays(text: string): unknown[] | null {
  const parsed = parseBoundedJson(text);
  return parsed.ok && Array.isArray(parsed.value) ? parsed.value : null;
}

/** The markers in channel order joined by '-' (assayMarkersFormatted; the CSV's hyphen list). */
export function formatAssayMarkers(assays: readonly Pick<AssayChannel, 'channel' | 'marker'>[]): string {
  return [...assays]
    .sort((a, b) => a.channel - b.channel)
    .map((a) => a.marker)
    .join('-');
}

/**
 * The markers a slide's assays may name — one rule for every path that writes assays (cell edits and the
 * assay editor, the CSV import). New channels take only markers that can still be chosen (spec 1 §5:
 * deprecated values cannot be chosen again). But a slide may hold a marker deprecated since it was
 * stained, and every path sends the slide's whole list back: refusing that marker would lock the slide's
 * assays (any edit, or re-importing the file it came from, would fail). So the markers a slide already
 * holds stay accepted for that slide. A slide holding no deprecated marker gets the same list every time
 * (the CSV import indexes each list once).
 */
export function acceptedMarkers(
  vocabulary: readonly AllowedValue[],
  today?: string,
): (held: unknown) => readonly string[] {
  const choosable = choosableValues(vocabulary, today).map((v) => v.value);
  const isChoosable = new Set(choosable);
  const known = new Set(vocabulary.map((v) => v.value));
  return (held) => {
    const kept = (Array.isArray(held) ? held : [])
      .map((channel: unknown) => (channel as Partial<AssayChannel> | null)?.marker)
      .filter((m): m is string => typeof m === 'string' && known.has(m) && !isChoosable.has(m));
    return kept.length ? [...choosable, ...new Set(kept)] : choosable;
  };
}
