/**
 * 'Split Channels' (spec 2 §2): one viewer per channel in a grid sized to the channel count, each drawing
 * its channel alone. They share the first map's view, so they pan and zoom as one (see SlideMap's
 * shareViewOf); the first is the viewer's own map, with the overview and the commands.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { channelGridOf } from '@tessera/domain';
import type { ImageInfo } from '@tessera/contract';
import type { TileEqualization } from '@tessera/domain';
import type { ChannelSource } from '../../../viewer/channel-layer.ts';
import type { MapView, SlideDisplay, SlideMap, TileUrl } from '../../../viewer/slide-map.ts';
import type { SlideTiles } from '../../../viewer/slide-pyramid.ts';
import { SlideMapView } from '../SlideMapView.tsx';

export function ChannelGrid({
  channelNames,
  imageInfo,
  tiles,
  display,
  tileUrlOf,
  keyOf,
  channels,
  equalizationOf,
  onMap,
  onViewChange,
}: {
  channelNames: string[];
  imageInfo: ImageInfo;
  tiles: SlideTiles;
  display: SlideDisplay;
  tileUrlOf: (key: string) => TileUrl;
  keyOf: (channel: number) => string;
  channels: ChannelSource | undefined;
  equalizationOf: (channel: number) => TileEqualization | null;
  onMap: (map: SlideMap | null) => void;
  onViewChange: (view: MapView) => void;
}) {
  const [first, setFirst] = useState<SlideMap | null>(null);
  const { rows, columns } = channelGridOf(channelNames.length);
  return (
    <Box
      role="group"
      aria-label="Channels"
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        gridTemplateRows: `repeat(${rows}, 1fr)`,
        gridTemplateColumns: `repeat(${columns}, 1fr)`,
        gap: '2px',
        bgcolor: 'divider',
      }}
    >
      {channelNames.map((name, channel) => {
        const isFirst = channel === 0;
        // The others wait for the first map: they show its view.
        if (!isFirst && !first) return <Box key={channel} sx={{ bgcolor: 'common.black' }} />;
        return (
          <Box key={channel} sx={{ position: 'relative', minWidth: 0, minHeight: 0 }}>
            <SlideMapView
              imageInfo={imageInfo}
              tiles={tiles}
              display={display}
              tileUrl={tileUrlOf(keyOf(channel))}
              tileUrlKey={keyOf(channel)}
              channels={channels}
              equalization={equalizationOf(channel)}
              shareViewOf={isFirst ? undefined : first!}
              label={`Channel ${name}`}
              onMap={(map) => {
                if (isFirst) {
                  setFirst(map);
                  onMap(map);
                }
              }}
              onViewChange={isFirst ? onViewChange : () => undefined}
            />
            <Typography
              variant="caption"
              className="map-overlay"
              sx={{
                position: 'absolute',
                top: 4,
                left: 4,
                px: 0.75,
                borderRadius: 1,
                color: 'common.white',
                bgcolor: 'rgba(0,0,0,0.6)',
                pointerEvents: 'none',
              }}
            >
              {name}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
