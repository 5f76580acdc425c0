/**
 * The annotation set a viewer shows (spec 2 §3, §7): its layers on the map (SlideViewer) and the side
 * panel's Annotations tab that chooses it (ViewerSidePanel).
 */
export { AnnotationsTab, type ShownSetChoice } from './AnnotationsTab.tsx';
export { useAnnotationLayers, type AnnotationSetParam } from './use-annotation-layers.ts';
