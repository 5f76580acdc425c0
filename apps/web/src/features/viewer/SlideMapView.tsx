/** Mounts a SlideMap (viewer/slide-map.ts) for one slide image and hands it to the page while it lives. */
import { useEffect, useEffectEvent, useRef } from 'react';
import Box from '@mui/material/Box';
import 'ol/ol.css';
import type { ImageInfo } from '@tessera/contract';
import { fetchBlob } from '../../api/client.ts';
import { SlideMap, type MapView } from '../../viewer/slide-map.ts';

export function SlideMapView({
  imageInfo,
  tileUrl,
  onMap,
  onViewChange,
}: {
  imageInfo: ImageInfo;
  tileUrl: (z: number, x: number, y: number) => string;
  onMap: (map: SlideMap | null) => void;
  onViewChange: (view: MapView) => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  // The latest callbacks, without rebuilding the map when the page passes new closures.
  const handOver = useEffectEvent(onMap);
  const viewChanged = useEffectEvent(onViewChange);

  useEffect(() => {
    const map = new SlideMap({
      target: target.current!,
      imageInfo,
      tileUrl,
      fetchTile: (url) => fetchBlob(url),
      onViewChange: (view) => viewChanged(view),
    });
    handOver(map);
    return () => {
      handOver(null);
      map.destroy();
    };
  }, [imageInfo, tileUrl]);

  return (
    <Box
      ref={target}
      data-testid="slide-map"
      aria-label="Slide image"
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
