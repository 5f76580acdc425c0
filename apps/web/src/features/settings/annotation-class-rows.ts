/**
 * The class editor's rows (spec 2 §3 "Annotation class"; issue #13 point 1): the project's classes as
 * the user edits them, each with a key of its own (a new row's class id is still being typed), and what
 * is wrong with them by the domain's rules. A saved class keeps its id: annotations refer to it.
 */
import {
  ANNOTATION_CLASS_TYPES,
  annotationClassSchema,
  classListProblem,
  type AnnotationClass,
  type AnnotationClassType,
} from '@tessera/domain';

export interface ClassRow extends AnnotationClass {
  key: string;
  /** Saved on the server: its id is fixed. */
  isSaved: boolean;
}

let nextKey = 0;
const keyOf = () => `row-${++nextKey}`;

export const rowsOf = (classes: readonly AnnotationClass[]): ClassRow[] =>
  classes.map((c) => ({ ...c, key: keyOf(), isSaved: true }));

export function newRow(type: AnnotationClassType): ClassRow {
  return { key: keyOf(), isSaved: false, classId: '', name: '', color: '#4caf50', type };
}

export const classesOf = (rows: readonly ClassRow[]): AnnotationClass[] =>
  rows.map(({ classId, name, color, type }) => ({ classId: classId.trim(), name: name.trim(), color, type }));

/** A row's first problem per field, by the same schema the server checks. */
export function rowProblems(row: ClassRow): Partial<Record<keyof AnnotationClass, string>> {
  const parsed = annotationClassSchema.safeParse(classesOf([row])[0]);
  if (parsed.success) return {};
  const problems: Partial<Record<keyof AnnotationClass, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AnnotationClass;
    problems[field] ??= issue.code === 'too_small' ? 'Required' : issue.message;
  }
  return problems;
}

/** The list's problem (empty, too long, an id used twice), or null. */
export const listProblem = (rows: readonly ClassRow[]): string | null => classListProblem(classesOf(rows));

/** Whether the rows differ from the saved classes (order included). */
export function isChanged(rows: readonly ClassRow[], saved: readonly AnnotationClass[]): boolean {
  const now = classesOf(rows);
  return (
    now.length !== saved.length ||
    now.some(
      (c, i) =>
        c.classId !== saved[i]!.classId ||
        c.name !== saved[i]!.name ||
        c.color.toLowerCase() !== saved[i]!.color.toLowerCase() ||
        c.type !== saved[i]!.type,
    )
  );
}

/**
 * The rows as the server keeps them: region classes first, then cell-marker classes, each group in its
 * order (the classes route answers them in two lists). A row whose type changed joins its new group last.
 */
export function grouped(rows: readonly ClassRow[]): ClassRow[] {
  return ANNOTATION_CLASS_TYPES.flatMap((type) => rows.filter((r) => r.type === type));
}

/** The row moved one place up (-1) or down (+1) among the rows of its type; unchanged at an end. */
export function moved(rows: readonly ClassRow[], key: string, by: -1 | 1): ClassRow[] {
  const row = rows.find((r) => r.key === key);
  if (!row) return [...rows];
  const group = rows.filter((r) => r.type === row.type);
  const from = group.indexOf(row);
  const to = from + by;
  if (to < 0 || to >= group.length) return [...rows];
  [group[from], group[to]] = [group[to]!, group[from]!];
  return grouped([...rows.filter((r) => r.type !== row.type), ...group]);
}

/** Whether the row is the first (-1) or last (+1) of its type: it cannot move further that way. */
export function isAtEnd(rows: readonly ClassRow[], key: string, end: -1 | 1): boolean {
  const row = rows.find((r) => r.key === key);
  const group = rows.filter((r) => r.type === row?.type);
  return (end < 0 ? group[0] : group.at(-1))?.key === key;
}
