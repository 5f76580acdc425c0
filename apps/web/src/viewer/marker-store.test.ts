/**
 * The store's first classes, as the marker layer colours a million entries at once: the transport's
 * classes by index, an edited entry's own class (one the transport never named included), an entry
 * left without classes as -1, and entries added here.
 */
import { expect, it } from 'vitest';
import { decodeCellMarkers, encodeCellMarkers } from '@tessera/domain';
import { MarkerStore } from './marker-store.ts';

const cls = (classId: string) => ({ classId });

it('answers every entry’s first class as an index into the class names', () => {
  const store = new MarkerStore(
    decodeCellMarkers(
      encodeCellMarkers([
        { id: 1, x: 10, y: 10, classes: [cls('tumor'), cls('immune')] },
        { id: 2, x: 20, y: 20, classes: [cls('immune')] },
        { id: 3, x: 30, y: 30, classes: [cls('tumor')] },
      ]),
    ),
  );
  store.setClasses('3', [cls('stroma')]);
  store.setClasses('2', []);
  store.put({ id: 'TMP_1', position: [40, 40], classes: [cls('immune')] });
  const { names, index } = store.firstClasses();
  const firstClasses = ['tumor', undefined, 'stroma', 'immune'];
  expect([...index].map((i) => names[i])).toEqual(firstClasses);
  expect([...index].map((_, i) => store.firstClassAt(i))).toEqual(firstClasses);
});
