/**
 * Mounts a SlideMap (viewer/slide-map.ts) for one slide and hands it to the page while it lives. The
 * page keys it by slide: a new slide is a new map; new tiles of the same slide (its conversion done)
 * change under the standing view.
 */
import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import 'ol/ol.css';
import type { ImageInfo } from '@tessera/contract';
import type { TileEqualization } from '@tessera/domain';
import type { ChannelSource } from '../../viewer/channel-layer.ts';
import { fetchBlob } from '../../api/client.ts';
import { SlideMap, type MapView, type SlideDisplay, type TileUrl } from '../../viewer/slide-map.ts';
import type { SlideTiles } from '../../viewer/slide-pyramid.ts';

export function SlideMapView({
  imageInfo,
  tiles,
  display,
  tileUrl,
  tileUrlKey,
  channels,
  equalization,
  shareViewOf,
  label = 'Slide image',
  onMap,
  onViewChange,
}: {
  imageInfo: ImageInfo;
  tiles: SlideTiles;
  display: SlideDisplay;
  tileUrl: TileUrl;
  /** What tells these tile URLs from others of the slide: the equalization key. */
  tileUrlKey: string;
  /** A fluorescence slide's channel tiles, coloured here by `equalization` (SlideMap's channels). */
  channels?: ChannelSource | undefined;
  equalization?: TileEqualization | null;
  /** Shows this map's view (the channel grid's other viewers). */
  shareViewOf?: SlideMap;
  label?: string;
  onMap: (map: SlideMap | null) => void;
  onViewChange: (view: MapView) => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<SlideMap | null>(null);
  const viewChanged = useEffectEvent(onViewChange);
  const handOver = useEffectEvent(onMap);
  // The props as they are when the map is made; later props reach it through showTiles.
  const create = useEffectEvent(
    () =>
      new SlideMap({
        target: target.current!,
        imageInfo,
        tiles,
        display,
        tileUrl,
        tileUrlKey,
        channels,
        equalization: equalization ?? [],
        shareViewOf,
        fetchTile: (url) => fetchBlob(url),
        onViewChange: (view) => viewChanged(view),
      }),
  );

  // Made before the page is first painted (a layout effect): its first frame is drawn at once
  // (SlideMap renders synchronously when made), so the first tiles are asked for before the paint.
  useLayoutEffect(() => {
    const made = create();
    map.current = made;
    handOver(made);
    return () => {
      handOver(null);
      map.current = null;
      made.destroy();
    };
  }, []);

  useEffect(() => map.current?.showTiles(tiles), [tiles]);
  useEffect(() => map.current?.setDisplay(display), [display]);
  useEffect(() => map.current?.setTileUrl(tileUrl, tileUrlKey), [tileUrl, tileUrlKey]);
  // The key names the equalization: a new one recolours the channel tiles in view.
  const recolour = useEffectEvent(() => map.current?.setEqualization(equalization ?? []));
  useEffect(() => recolour(), [tileUrlKey]);

  return (
    <Box
      ref={target}
      data-testid="slide-map"
      aria-label={label}
      tabIndex={0}
      sx={{
        position: 'absolute',
        inset: 0,
        bgcolor: '#f4f4f4',
        '&:focus-visible': { outline: 'none' },
        // The scale line keeps the bottom left; the overview takes the bottom right.
        '& .slide-overview': { left: 'auto', right: '0.5em', bgcolor: 'rgba(255,255,255,0.85)' },
      }}
    />
  );
}
