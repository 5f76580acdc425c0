/** What a column's filter panel is given, and how its changes reach the grid. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FieldDescriptor } from '@tessera/domain';
import type { ColumnFilter, FilterModel } from '@tessera/contract';
import type { SetValue } from './set-filter.ts';

export interface FilterMenuProps {
  field: FieldDescriptor;
  anchor: HTMLElement | null;
  onClose(): void;
  filter: ColumnFilter | undefined;
  onChange(filter: ColumnFilter | null): void;
  filterModel: FilterModel;
  globalSearchText: string;
  fetchValues(
    field: string,
    filterModel: FilterModel,
    globalSearchText: string,
    signal: AbortSignal,
  ): Promise<{ values: SetValue[]; isTruncated: boolean }>;
}

/** Calls `apply` with the latest value once it has not changed for `ms`, or at once when the menu closes sooner. */
export function useDebouncedApply<T>(value: T, apply: (v: T) => void, ms: number, isDirty: boolean) {
  const applyRef = useRef(apply);
  const pending = useRef<{ value: T } | null>(null);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    pending.current = isDirty ? { value } : null;
    if (!isDirty) return;
    const timer = setTimeout(() => {
      pending.current = null;
      applyRef.current(value);
    }, ms);
    return () => clearTimeout(timer);
  }, [value, ms, isDirty]);
  // Closing the menu within `ms` of a change still applies it.
  useEffect(
    () => () => {
      if (pending.current) applyRef.current(pending.current.value);
    },
    [],
  );
}
