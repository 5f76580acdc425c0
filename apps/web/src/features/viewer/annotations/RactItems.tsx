/**
 * Spec 3 §2's two raster-annotation items of the annotation menu, shown disabled: raster annotation tools
 * (RACT) open on results, which come with the results issue. Their tooltip says so.
 */
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';

export const RACT_UNAVAILABLE =
  'Raster annotation tools come with analysis results, which are not in this version yet';

export function RactItems() {
  return ['Open in RACT - SSTC', 'Open in RACT - ART'].map((label) => (
    <Tooltip key={label} title={RACT_UNAVAILABLE} placement="right">
      {/* A disabled item takes no pointer events: the span carries the tooltip. */}
      <span>
        <MenuItem disabled>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      </span>
    </Tooltip>
  ));
}
