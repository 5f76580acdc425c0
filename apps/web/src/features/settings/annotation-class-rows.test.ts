import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_CLASSES } from '@tessera/domain';
import {
  classesOf,
  grouped,
  isAtEnd,
  isChanged,
  listProblem,
  moved,
  newRow,
  rowProblems,
  rowsOf,
} from './annotation-class-rows.ts';

const saved = [...DEFAULT_PROJECT_CLASSES];

describe('the class editor rows', () => {
  it('gives the saved classes back unchanged, and sees any change, order included', () => {
    const rows = rowsOf(saved);
    expect(classesOf(rows)).toEqual(saved);
    expect(isChanged(rows, saved)).toBe(false);
    expect(isChanged(moved(rows, rows[1]!.key, -1), saved)).toBe(true);
    expect(isChanged(rows.slice(1), saved)).toBe(true);
    expect(isChanged([{ ...rows[0]!, color: rows[0]!.color.toUpperCase() }, ...rows.slice(1)], saved)).toBe(
      false,
    );
  });

  it('moves a row among the rows of its type only, and keeps region classes before cell-marker classes', () => {
    const rows = rowsOf(saved);
    const lastRegion = rows.filter((r) => r.type === 'freehand').at(-1)!;
    expect(isAtEnd(rows, lastRegion.key, 1)).toBe(true);
    expect(moved(rows, lastRegion.key, 1)).toEqual(rows);
    const firstCell = rows.find((r) => r.type === 'cma')!;
    expect(isAtEnd(rows, firstCell.key, -1)).toBe(true);
    const added = grouped([...rows, newRow('freehand')]);
    expect(added.findIndex((r) => !r.isSaved)).toBe(rows.filter((r) => r.type === 'freehand').length);
  });

  it('says what is wrong: empty and bad fields, an id used twice, an empty list', () => {
    const fresh = newRow('cma');
    expect(rowProblems(fresh)).toMatchObject({ classId: 'Required', name: 'Required' });
    expect(rowProblems({ ...fresh, classId: 'Tumor', name: 'x', color: 'red' })).toEqual({
      color: 'A colour is #rrggbb',
    });
    const rows = rowsOf(saved);
    expect(listProblem([...rows, { ...fresh, classId: ' Tumor ', name: 'Again' }])).toBe(
      'The class id "Tumor" is used twice',
    );
    expect(listProblem([])).toBe('Keep at least one class');
    expect(listProblem(rows)).toBeNull();
  });
});
