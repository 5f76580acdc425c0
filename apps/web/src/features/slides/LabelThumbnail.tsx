/** The label image of a slide in the table's Label column; nothing when the file has no label. */
import Box from '@mui/material/Box';
import { useSlideLabelUrl } from '../../api/slide-table.ts';

export function LabelThumbnail({ projectId, slideId }: { projectId: string; slideId: string }) {
  const url = useSlideLabelUrl(projectId, slideId);
  if (!url) return null;
  return <Box component="img" src={url} alt="Slide label" sx={{ height: 26, maxWidth: '100%', objectFit: 'contain', display: 'block' }} />;
}
