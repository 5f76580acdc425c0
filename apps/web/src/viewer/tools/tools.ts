/**
 * The interactions of each mode (spec 2 §4 "Interaction modes"): Selection selects; Transform selects
 * and moves; Drawing, FieldOfView and Ruler draw; Cma places and edits cell markers. None (annotations
 * hidden) has none. The Sam tool comes with its issue: until then that mode is never chosen.
 */
import type Interaction from 'ol/interaction/Interaction.js';
import type { InteractionMode } from '@tessera/domain';
import { CellMarkerTool } from './cell-marker-tool.ts';
import { DrawTool } from './draw-tool.ts';
import { FovTool } from './fov-tool.ts';
import { MoveTool } from './move-tool.ts';
import { RulerTool } from './ruler-tool.ts';
import { SelectionTool } from './selection-tool.ts';
import type { ToolContext } from './tool-context.ts';

export function interactionsOf(mode: InteractionMode, context: ToolContext): Interaction[] {
  switch (mode) {
    case 'Selection':
      return [new SelectionTool(context)];
    case 'Transform':
      return [new SelectionTool(context), new MoveTool(context)];
    case 'Drawing':
      return [new DrawTool(context)];
    case 'FieldOfView':
      return [new FovTool(context)];
    case 'Ruler':
      return [new RulerTool(context)];
    case 'Cma':
      return [new CellMarkerTool(context)];
    case 'None':
    case 'Sam':
      return [];
  }
}

/** Puts a mode's interactions on the map with a sketch layer; answers what takes them off again. */
export function installTool(mode: InteractionMode, context: ToolContext): () => void {
  const interactions = interactionsOf(mode, context);
  context.map.addLayer(context.sketch.layer);
  for (const interaction of interactions) context.map.addInteraction(interaction);
  return () => {
    for (const interaction of interactions) {
      context.map.removeInteraction(interaction);
      interaction.dispose();
    }
    context.sketch.clear();
    context.map.removeLayer(context.sketch.layer);
  };
}
