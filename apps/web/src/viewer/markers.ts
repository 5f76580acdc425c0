/** Markers drawn over the map as elements of its viewport (they never take pointer events). */

/** Spec 2 §2's sync cross-hair: a plus at the viewport's centre, dark on a white halo so it reads on any stain. */
export function crosshairElement(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'slide-crosshair';
  element.dataset.testid = 'sync-crosshair';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, {
    display: 'none',
    position: 'absolute',
    left: '50%',
    top: '50%',
    width: '36px',
    height: '36px',
    transform: 'translate(-50%, -50%)',
    pointerEvents: 'none',
    zIndex: '1',
  });
  element.innerHTML =
    '<svg viewBox="0 0 36 36" width="36" height="36">' +
    '<path d="M18 2v32M2 18h32" stroke="white" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M18 3v31M3 18h30" stroke="#212121" stroke-width="2"/></svg>';
  return element;
}
