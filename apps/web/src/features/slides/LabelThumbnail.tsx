/**
 * The Label column's cell: the slide's label image, or its thumbnail where it has none, as the row's
 * `labelImage` says; a slide with neither shows an empty cell and requests nothing.
 */
import Box from '@mui/material/Box';
import { useSlideImageUrl, type LabelImage } from '../../api/slide-table.ts';

export const labelImageOf = (row: Record<string, unknown>): LabelImage | null =>
  row.labelImage === 'label' || row.labelImage === 'thumbnail' ? row.labelImage : null;

export function LabelThumbnail({
  projectId,
  slideId,
  kind,
}: {
  projectId: string;
  slideId: string;
  kind: LabelImage;
}) {
  const url = useSlideImageUrl(projectId, slideId, kind);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={kind === 'label' ? 'Slide label' : 'Slide thumbnail'}
      sx={{ height: 26, maxWidth: '100%', objectFit: 'contain', display: 'block', mx: 'auto' }}
    />
  );
}
