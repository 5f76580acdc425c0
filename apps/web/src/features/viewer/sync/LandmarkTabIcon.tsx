/**
 * A tab's landmark icon (spec 2 §2 "Layout"): a flag in its block's colour when the slide has landmarks
 * (the slides that follow each other in Landmarks mode share it), grey without; mirrored when the slide
 * is flipped.
 */
import FlagRounded from '@mui/icons-material/FlagRounded';
import OutlinedFlagRounded from '@mui/icons-material/OutlinedFlagRounded';

export function LandmarkTabIcon({ color, isFlipped }: { color: string | null; isFlipped: boolean }) {
  const Icon = color ? FlagRounded : OutlinedFlagRounded;
  const label = `${color ? 'Landmarks' : 'No landmarks'}${isFlipped ? ', flipped' : ''}`;
  return (
    <Icon
      role="img"
      aria-label={label}
      titleAccess={label}
      data-testid="landmark-icon"
      data-color={color ?? 'none'}
      data-flipped={isFlipped}
      sx={{
        fontSize: 16,
        color: color ?? 'text.disabled',
        transform: isFlipped ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}
