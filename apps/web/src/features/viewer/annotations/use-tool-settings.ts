/**
 * A viewer's tool settings (spec 2 §3 interactionConfig: drawSettings, fovSettings, cmaSettings): the
 * drawing class (the first of the project's outline classes until one is picked), snapping, the field of
 * view's shape and size, the cell marker panel's mode, values, classes and keys (the project's keys until
 * the user assigns their own) and the markers' size (kept with the viewer's tab). changeSettings stays
 * the same function for the viewer's life: the tools hold it.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_CELL_MARKER_SETTINGS,
  DEFAULT_FOV_SHAPE,
  FOV_SIZE,
  SPECIAL_CLASS_IDS,
  type AnnotationClass,
} from '@tessera/domain';
import { useToolConfig } from '../../../api/tool-configs.ts';
import type { ToolSettings } from '../../../viewer/tools/tool-context.ts';

export function useToolSettings({
  projectId,
  classes,
  markerSize,
  setMarkerSize,
}: {
  projectId: string;
  classes: ReadonlyMap<string, AnnotationClass>;
  markerSize: number;
  setMarkerSize: (size: number) => void;
}) {
  const drawClasses = useMemo(
    () => [...classes.values()].filter((c) => c.type === 'freehand' && c.classId !== SPECIAL_CLASS_IDS.fov),
    [classes],
  );
  const markerClasses = useMemo(() => [...classes.values()].filter((c) => c.type === 'cma'), [classes]);
  // The project's cell marker shortcuts until the user assigns keys of their own in this viewer.
  const projectShortcuts = useToolConfig(projectId, 'cellMarkerPanel').config.mappedShortcuts;
  const [settings, setSettings] = useState<Omit<ToolSettings, 'cellMarkerSize' | 'cellMarkerShortcuts'>>({
    drawClassId: '',
    snapActive: true,
    fov: { shape: DEFAULT_FOV_SHAPE, size: FOV_SIZE.default },
    cellMarker: DEFAULT_CELL_MARKER_SETTINGS,
  });
  const [ownShortcuts, setOwnShortcuts] = useState<Readonly<Record<string, string>> | null>(null);
  // The first class until the user picks one (the project's classes arrive after the first render).
  const effectiveSettings: ToolSettings = useMemo(
    () => ({
      ...settings,
      drawClassId:
        settings.drawClassId && classes.has(settings.drawClassId)
          ? settings.drawClassId
          : (drawClasses[0]?.classId ?? 'Default'),
      cellMarkerShortcuts: ownShortcuts ?? projectShortcuts,
      cellMarkerSize: markerSize,
    }),
    [settings, classes, drawClasses, ownShortcuts, projectShortcuts, markerSize],
  );
  // The page hands a new setter each render; the tools keep one changeSettings (a new one would
  // reinstall the tool, dropping a drag in progress).
  const markerSizeSetter = useRef(setMarkerSize);
  useLayoutEffect(() => {
    markerSizeSetter.current = setMarkerSize;
  });
  const changeSettings = useCallback(
    ({ cellMarkerShortcuts, cellMarkerSize, ...change }: Partial<ToolSettings>) => {
      if (cellMarkerShortcuts) setOwnShortcuts(cellMarkerShortcuts);
      if (cellMarkerSize !== undefined) markerSizeSetter.current(cellMarkerSize);
      if (Object.keys(change).length > 0) setSettings((s) => ({ ...s, ...change }));
    },
    [],
  );
  return { settings: effectiveSettings, changeSettings, drawClasses, markerClasses };
}
