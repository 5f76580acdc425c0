/**
 * The slides of a project as thumbnails. The slide metadata table (spec 1 §2) replaces this view with
 * its issue; until then the project page shows what the project holds.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSlides } from '../../api/slides.ts';
import { messageOf } from '../../api/queries.ts';
import { SlideCard } from './SlideCard.tsx';

export function SlideGallery({ projectId }: { projectId: string }) {
  const slides = useSlides(projectId);
  if (slides.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading slides" />
      </Box>
    );
  if (slides.isError)
    return <Alert severity="error">{`Unable to load project slides: ${messageOf(slides.error)}`}</Alert>;
  return (
    <Box
      component="ul"
      aria-label="Slides"
      sx={{
        m: 0,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
      }}
    >
      {slides.data.map((slide) => (
        <SlideCard key={slide.id} projectId={projectId} slide={slide} />
      ))}
    </Box>
  );
}
