/**
 * The annotation set a viewer shows (spec 2 §3, §7): its layers on the map (SlideViewer), the tools that
 * edit it (spec 2 §4: modes, the operation queue and its undo history, the toolbar buttons, the tool
 * settings and the annotation menu) and the side panel's Annotations tab that chooses it
 * (ViewerSidePanel).
 */
export { AnnotationsTab, type ShownSetChoice } from './AnnotationsTab.tsx';
export { useAnnotationLayers, type AnnotationSetParam } from './use-annotation-layers.ts';
export { useAnnotationTools, type AnnotationTools } from './use-annotation-tools.ts';
export { AnnotationToolButtons } from './AnnotationToolButtons.tsx';
export { ToolOptions } from './ToolOptions.tsx';
export { AnnotationMenu } from './AnnotationMenu.tsx';
export {
  ViewerAnnotationsContext,
  ViewerAnnotationsStore,
  useViewerAnnotationsLink,
  useViewerAnnotationsStore,
  type ViewerAnnotationsLink,
} from './viewer-annotations.ts';
export { useAnnotationDeepLink } from './use-annotation-deep-link.ts';
