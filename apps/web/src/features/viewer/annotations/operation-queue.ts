/**
 * The annotation edit operations of one shown set (spec 2 §4 "Annotation edit operations"): each is shown
 * on the map at once, then saved — one at a time, in the order made, each one request (counted by the
 * busy indicator). A saved user operation goes onto the set's history (packages/domain
 * annotation-history.ts) with what the server says it changed, so undo restores exactly that. On any
 * failure the queue is emptied, the spec's message is shown and the set is read again: the server's state
 * is then what the map shows. (The spec reloads only after geometry and lock failures and tells the user to
 * reload after the others; reading again after every failure keeps the map from showing an edit that was
 * never saved.)
 */
import {
  EDIT_MESSAGES,
  inverseOf,
  type AnnotationHistory,
  type AnnotationOperation,
  type MarkerSnapshot,
  type RegionSnapshot,
} from '@tessera/domain';
import {
  createMarkers,
  createRegions,
  lockRegions,
  purgeMarkers,
  purgeRegions,
  updateMarkers,
  updateRegions,
  type EditedSet,
} from '../../../api/annotation-edits.ts';
import type { MarkerStore } from '../../../viewer/marker-store.ts';
import { isTemporaryId, temporaryId } from '../../../viewer/region-features.ts';
import type { RegionLayer } from '../../../viewer/region-layer.ts';

const FAILURE_MESSAGES: Record<AnnotationOperation['kind'], string> = {
  addRegions: EDIT_MESSAGES.creationFailed,
  deleteRegions: EDIT_MESSAGES.deletionFailed,
  updateGeometries: EDIT_MESSAGES.updateGeometryFailed,
  updateRegionClasses: EDIT_MESSAGES.updateClassFailed,
  lockRegions: EDIT_MESSAGES.lockFailed,
  addMarkers: EDIT_MESSAGES.creationFailed,
  deleteMarkers: EDIT_MESSAGES.deletionFailed,
  updateMarkers: EDIT_MESSAGES.updateClassFailed,
};

type Origin = 'user' | 'undo' | 'redo';

/** An item to create: a temporary id is the map's own and is not sent; a real one is restored. */
const unsaved = <T extends { id: string }>(item: T): Omit<T, 'id'> & { id: string | undefined } => ({
  ...item,
  id: isTemporaryId(item.id) ? undefined : item.id,
});

export class OperationQueue {
  private tail: Promise<void> = Promise.resolve();
  /** Bumped on a failure: operations queued before it are dropped (the queue is emptied). */
  private generation = 0;
  private pending = 0;
  /** Temporary ids of new annotations, once saved, to the ids the server gave them. */
  private readonly saved = new Map<string, string>();

  constructor(
    private readonly set: EditedSet,
    private readonly regions: RegionLayer,
    /** The set's markers once read (null until then). */
    private readonly markers: () => MarkerStore | null,
    private readonly history: AnnotationHistory,
    private readonly onFailure: (message: string) => void,
    /** Something the toolbar shows changed: pending work, what can be undone. */
    private readonly onChange: () => void,
  ) {}

  get isBusy(): boolean {
    return this.pending > 0;
  }

  canUndo = (): boolean => this.history.canUndo(this.set.setId);
  canRedo = (): boolean => this.history.canRedo(this.set.setId);

  /** New regions drawn by the user: shown at once under temporary ids, then saved. */
  add(regions: readonly Omit<RegionSnapshot, 'id'>[]): void {
    this.perform({ kind: 'addRegions', regions: regions.map((r) => ({ ...r, id: temporaryId() })) }, 'user');
  }

  /** Deletes these shown regions (the caller has applied the edit rules and asked for confirmation). */
  delete(ids: readonly string[]): void {
    const regions = ids.flatMap((id) => this.regions.snapshot(id) ?? []);
    if (regions.length > 0) this.perform({ kind: 'deleteRegions', regions }, 'user');
  }

  /** Deletes regions as read (shown on the map or not): Fix Annotations' regions too small to keep. */
  deleteRegions(regions: readonly RegionSnapshot[]): void {
    if (regions.length > 0) this.perform({ kind: 'deleteRegions', regions: [...regions] }, 'user');
  }

  /** Geometries the user has changed; `before` is what they were. */
  updateGeometries(changes: AnnotationOperation & { kind: 'updateGeometries' }): void {
    this.perform(changes, 'user');
  }

  setClass(ids: readonly string[], classId: string): void {
    const changes = ids.flatMap((id) => {
      const region = this.regions.snapshot(id);
      return region && region.classId !== classId ? [{ id, before: region.classId, after: classId }] : [];
    });
    if (changes.length > 0) this.perform({ kind: 'updateRegionClasses', changes }, 'user');
  }

  lock(ids: readonly string[], locked: boolean): void {
    const changes = ids.flatMap((id) => {
      const region = this.regions.snapshot(id);
      return region && region.isLocked !== locked ? [{ id, before: region.isLocked, after: locked }] : [];
    });
    if (changes.length > 0) this.perform({ kind: 'lockRegions', changes }, 'user');
  }

  /** New cell markers: shown at once under temporary ids, then saved. */
  addMarkers(markers: readonly Omit<MarkerSnapshot, 'id'>[]): void {
    this.perform({ kind: 'addMarkers', markers: markers.map((m) => ({ ...m, id: temporaryId() })) }, 'user');
  }

  deleteMarkers(ids: readonly string[]): void {
    const markers = ids.flatMap((id) => this.markers()?.snapshot(id) ?? []);
    if (markers.length > 0) this.perform({ kind: 'deleteMarkers', markers }, 'user');
  }

  /** Markers moved or given other classes; `before` is how they were. */
  updateMarkers(operation: AnnotationOperation & { kind: 'updateMarkers' }): void {
    this.perform(operation, 'user');
  }

  undo(): void {
    const operation = this.history.takeUndo(this.set.setId);
    if (operation) this.perform(inverseOf(operation), 'undo');
  }

  redo(): void {
    const operation = this.history.takeRedo(this.set.setId);
    if (operation) this.perform(operation, 'redo');
  }

  /** Shows the operation now and queues its saving. */
  private perform(operation: AnnotationOperation, origin: Origin): void {
    this.show(operation);
    const generation = this.generation;
    this.pending++;
    this.onChange();
    this.tail = this.tail.then(async () => {
      if (generation !== this.generation) return;
      try {
        const done = await this.save(operation);
        const { setId } = this.set;
        if (origin === 'user') this.history.record(setId, done);
        else if (origin === 'undo') this.history.undone(setId, inverseOf(done));
        else this.history.redone(setId, done);
      } catch {
        this.generation++;
        this.onFailure(FAILURE_MESSAGES[operation.kind]);
        this.regions.reload();
      } finally {
        this.pending--;
        this.onChange();
      }
    });
  }

  /** The operation on the map, before it is saved. */
  private show(operation: AnnotationOperation): void {
    switch (operation.kind) {
      case 'addRegions':
        for (const region of operation.regions) this.regions.put(region);
        return;
      case 'deleteRegions':
        this.regions.remove(operation.regions.map((r) => r.id));
        return;
      case 'updateGeometries':
        for (const { id, after } of operation.changes) {
          const region = this.regions.snapshot(id);
          if (region) this.regions.put({ ...region, geometry: after });
        }
        return;
      case 'updateRegionClasses':
        for (const { id, after } of operation.changes) this.regions.change(id, { classId: after });
        return;
      case 'lockRegions':
        for (const { id, after } of operation.changes) this.regions.change(id, { isLocked: after });
        return;
      case 'addMarkers':
        for (const marker of operation.markers) this.markers()?.put(marker);
        return;
      case 'deleteMarkers':
        this.markers()?.remove(operation.markers.map((m) => m.id));
        return;
      case 'updateMarkers':
        for (const { id, after } of operation.changes) {
          this.markers()?.move(id, after.position);
          this.markers()?.setClasses(id, after.classes);
        }
        return;
    }
  }

  /** An id as the server knows it now; null for a new annotation whose saving failed. */
  private idOf(id: string): string | null {
    if (!isTemporaryId(id)) return id;
    return this.saved.get(id) ?? null;
  }

  private ids<T extends { id: string }>(items: readonly T[]): T[] {
    return items.flatMap((item) => {
      const id = this.idOf(item.id);
      return id ? [{ ...item, id }] : [];
    });
  }

  /** Created items under the ids the server gave them; the map's temporary ids are renamed to those. */
  private named<T extends { id: string }>(
    items: readonly T[],
    ids: readonly string[],
    rename: (from: string, to: string) => void,
  ): T[] {
    return items.map((item, i) => {
      if (isTemporaryId(item.id)) {
        this.saved.set(item.id, ids[i]!);
        rename(item.id, ids[i]!);
      }
      return { ...item, id: ids[i]! };
    });
  }

  /** Saves the operation; answers it as the history keeps it (the server's ids and former values). */
  private async save(operation: AnnotationOperation): Promise<AnnotationOperation> {
    switch (operation.kind) {
      case 'addRegions': {
        const ids = await createRegions(this.set, operation.regions.map(unsaved));
        return {
          kind: 'addRegions',
          regions: this.named(operation.regions, ids, (from, to) => this.regions.rename(from, to)),
        };
      }
      case 'deleteRegions': {
        const regions = this.ids(operation.regions);
        if (regions.length === 0) return { kind: 'deleteRegions', regions };
        return {
          kind: 'deleteRegions',
          regions: await purgeRegions(
            this.set,
            regions.map((r) => r.id),
          ),
        };
      }
      case 'updateGeometries': {
        const changes = this.ids(operation.changes);
        if (changes.length === 0) return { kind: 'updateGeometries', changes };
        const before = await updateRegions(
          this.set,
          changes.map((c) => ({ id: c.id, geometry: c.after })),
        );
        return {
          kind: 'updateGeometries',
          changes: changes.map((c, i) => ({ ...c, before: before[i]?.geometry ?? c.before })),
        };
      }
      case 'updateRegionClasses': {
        const changes = this.ids(operation.changes);
        if (changes.length === 0) return { kind: 'updateRegionClasses', changes };
        await updateRegions(
          this.set,
          changes.map((c) => ({ id: c.id, classId: c.after })),
        );
        return { kind: 'updateRegionClasses', changes };
      }
      case 'lockRegions': {
        const changes = this.ids(operation.changes);
        if (changes.length === 0) return { kind: 'lockRegions', changes };
        await lockRegions(
          this.set,
          changes.map((c) => c.id),
          operation.changes[0]!.after,
        );
        return { kind: 'lockRegions', changes };
      }
      case 'addMarkers': {
        const ids = await createMarkers(this.set, operation.markers.map(unsaved));
        return {
          kind: 'addMarkers',
          markers: this.named(operation.markers, ids, (from, to) => this.markers()?.rename(from, to)),
        };
      }
      case 'deleteMarkers': {
        const markers = this.ids(operation.markers);
        if (markers.length === 0) return { kind: 'deleteMarkers', markers };
        return {
          kind: 'deleteMarkers',
          markers: await purgeMarkers(
            this.set,
            markers.map((m) => m.id),
          ),
        };
      }
      case 'updateMarkers': {
        const changes = this.ids(operation.changes);
        if (changes.length === 0) return { kind: 'updateMarkers', changes };
        const before = await updateMarkers(
          this.set,
          changes.map((c) => ({ id: c.id, ...c.after })),
        );
        return {
          kind: 'updateMarkers',
          changes: changes.map((c, i) => ({
            ...c,
            before: before[i] ? { position: before[i].position, classes: before[i].classes } : c.before,
          })),
        };
      }
    }
  }
}
