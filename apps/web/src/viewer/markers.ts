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

/**
 * Spec 2 §2's map-pin: a pin whose tip marks one point of the image. The viewer shows it on the slides
 * synced with the one under the pointer, where that pointer's tissue lies on them (sync-coordinator.ts).
 */
export function mapPinElement(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'slide-map-pin';
  element.dataset.testid = 'map-pin';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, { pointerEvents: 'none', width: '24px', height: '32px' });
  element.innerHTML =
    '<svg viewBox="0 0 24 32" width="24" height="32">' +
    '<path d="M12 31C12 31 2 18.5 2 11.5a10 10 0 0 1 20 0C22 18.5 12 31 12 31z" ' +
    'fill="#d32f2f" stroke="white" stroke-width="2"/>' +
    '<circle cx="12" cy="11.5" r="3.5" fill="white"/></svg>';
  return element;
}
