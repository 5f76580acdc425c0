/**
 * The annotation-render benchmark's peer (bench/annotation-render.ts): a geojs page (npm `geojs`, its
 * prebuilt geo.min.js) showing the same slide through iipsrv's DeepZoom and the same annotations, read
 * from flat binary files the benchmark writes — the regions as 16 float32 vertex pairs each and a class
 * byte, the markers as a float32 pair and a class byte. Drawn as geojs is meant to be used for many
 * features: one WebGL polygon feature (uniform fill per polygon, its outline 3 px at half opacity) and
 * one WebGL point feature (disc of our marker radius with a dark rim), coloured by class as ours.
 * Interaction set as close to our viewer as geojs goes: a wheel notch zooms one level (×2) over 250 ms,
 * no momentum. Two animation frames after the annotations are first drawn the page calls the
 * benchmark's `window.__markDrawn`, as the recorder does for ours.
 */

export interface PeerPageOptions {
  /** The slide's size in pixels, and the DeepZoom levels' URL prefix at iipsrv. */
  image: { width: number; height: number };
  dziFiles: string;
  /** Which data set the page loads. */
  data: 'regions' | 'markers';
  /** The map's box on the page: where our viewer's map lies, so both draw the same area. */
  box: { x: number; y: number; width: number; height: number };
  /** Class colours by class index, as [r, g, b] in 0–1; fill and outline opacity; marker radius. */
  regionColors: [number, number, number][];
  markerColors: [number, number, number][];
  fillOpacity: number;
  outlineOpacity: number;
  markerRadius: number;
}

export function geojsPage(o: PeerPageOptions): string {
  const { box } = o;
  return `<!doctype html><html><head><meta charset="utf-8"><title>geojs</title>
<style>html,body{margin:0;height:100%;background:#f4f4f4;overflow:hidden}
#map{position:absolute;left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px}</style>
</head><body><div id="map"></div>
<script src="geo.min.js"></script>
<script>
(async () => {
  const o = ${JSON.stringify(o)};
  const W = o.image.width, H = o.image.height;
  const params = geo.util.pixelCoordinateParams('#map', W, H, 256, 256);
  const maxLevel = params.layer.maxLevel;
  // Fitted to the slide, as ours opens: geojs zoom z shows 2^(maxLevel - z) pixels per screen pixel.
  const fit = maxLevel - Math.log2(Math.max(W / o.box.width, H / o.box.height));
  const map = geo.map(Object.assign(params.map, {
    min: Math.floor(fit) - 1,
    zoom: fit,
    interactor: geo.mapInteractor({
      // Our viewer's wheel notch (300) is one level; geojs counts 120 to a level.
      wheelScaleY: 120 / 300,
      momentum: { enabled: false },
      zoomAnimation: { enabled: true, duration: 250 },
    }),
  }));
  map.createLayer('osm', Object.assign(params.layer, {
    // DeepZoom counts levels from a 1-pixel image: geojs level z is DeepZoom's z + 8 for 256-pixel tiles.
    url: (x, y, z) => o.dziFiles + (z + 8) + '/' + x + '_' + y + '.jpg',
    crossDomain: null,
  }));
  const layer = map.createLayer('feature', { features: o.data === 'regions' ? ['polygon'] : ['point'] });
  const read = async (name, Type) => new Type(await (await fetch(name)).arrayBuffer());
  if (o.data === 'regions') {
    const [xy, cls] = await Promise.all([read('regions.f32', Float32Array), read('regions.cls', Uint8Array)]);
    const polygons = new Array(cls.length);
    for (let i = 0; i < cls.length; i++) {
      const ring = new Array(16);
      for (let k = 0; k < 16; k++) ring[k] = { x: xy[(i * 16 + k) * 2], y: xy[(i * 16 + k) * 2 + 1] };
      polygons[i] = { ring, c: cls[i] };
    }
    const color = (c) => ({ r: o.regionColors[c][0], g: o.regionColors[c][1], b: o.regionColors[c][2] });
    layer.createFeature('polygon', { selectionAPI: false })
      .data(polygons)
      .polygon((d) => d.ring)
      .style({
        uniformPolygon: true,
        fill: true,
        fillColor: (v, vi, d) => color(d.c),
        fillOpacity: o.fillOpacity,
        stroke: true,
        strokeColor: (v, vi, d) => color(d.c),
        strokeOpacity: o.outlineOpacity,
        strokeWidth: 3,
      })
      .draw();
  } else {
    const [xy, cls] = await Promise.all([read('markers.f32', Float32Array), read('markers.cls', Uint8Array)]);
    const points = new Array(cls.length);
    for (let i = 0; i < cls.length; i++) points[i] = { x: xy[i * 2], y: xy[i * 2 + 1], c: cls[i] };
    const fill = o.markerColors.map(([r, g, b]) => ({ r, g, b }));
    const rim = o.markerColors.map(([r, g, b]) => ({ r: r * 0.35, g: g * 0.35, b: b * 0.35 }));
    layer.createFeature('point', { selectionAPI: false, primitiveShape: 'sprite' })
      .data(points)
      .style({
        radius: o.markerRadius - 1.5,
        fill: true,
        fillColor: (d) => fill[d.c],
        fillOpacity: 1,
        stroke: true,
        strokeColor: (d) => rim[d.c],
        strokeWidth: 1.5,
      })
      .draw();
  }
  requestAnimationFrame(() => requestAnimationFrame(window.__markDrawn));
})();
</script></body></html>`;
}
