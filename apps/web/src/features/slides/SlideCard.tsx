/** One slide of the project page: its thumbnail (from the file), name and file name. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { revokeThumbnailUrl, useSlideThumbnailUrl } from '../../api/slides.ts';

const THUMBNAIL_HEIGHT = 160;

export function SlideCard({
  projectId,
  slide,
}: {
  projectId: string;
  slide: { id: string; name: string; fileName: string };
}) {
  const thumbnail = useSlideThumbnailUrl(projectId, slide.id);
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={slide.name}
      sx={{ listStyle: 'none', overflow: 'hidden' }}
    >
      <Box
        sx={{
          height: THUMBNAIL_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.100',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {thumbnail.url ? (
          <Box
            component="img"
            src={thumbnail.url}
            alt={`Thumbnail of ${slide.name}`}
            onLoad={revokeThumbnailUrl}
            sx={{ maxWidth: '100%', maxHeight: THUMBNAIL_HEIGHT, objectFit: 'contain' }}
          />
        ) : thumbnail.isError ? (
          <ImageNotSupportedOutlined color="disabled" titleAccess="Thumbnail unavailable" />
        ) : (
          <Skeleton variant="rectangular" width="100%" height={THUMBNAIL_HEIGHT} />
        )}
      </Box>
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="subtitle2" noWrap title={slide.name}>
          {slide.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={slide.fileName}>
          {slide.fileName}
        </Typography>
      </Box>
    </Paper>
  );
}
