/**
 * The side panel's Annotations tab (spec 3 §2), as far as it is built: the set selector of the active
 * slide — the set the viewer shows and, with it, its version (the working state or a version made) —
 * with the spec's hint and empty text. The set menu (New..., Rename..., …), the region and cell marker
 * grids and the context menu come with the annotation workspace (issue #14).
 */
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { ANNOTATIONS_TAB_TEXTS } from '@tessera/domain';
import { useSlideAnnotationSets } from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';

const NONE = '';
const WORKING = 'working';

export interface ShownSetChoice {
  setId: string | null;
  version: number | null;
}

export function AnnotationsTab({
  projectId,
  slideId,
  shown,
  onChoose,
}: {
  projectId: string;
  slideId: string;
  shown: ShownSetChoice;
  onChoose: (choice: ShownSetChoice) => void;
}) {
  const sets = useSlideAnnotationSets(projectId, slideId);
  if (sets.isError)
    return (
      <Box sx={{ p: 2 }}>
        <Typography variant="body2" color="error">
          {messageOf(sets.error)}
        </Typography>
      </Box>
    );
  const list = sets.data ?? [];
  const current = list.find((set) => set.id === shown.setId);
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormControl size="small" fullWidth disabled={sets.isPending || list.length === 0}>
        <InputLabel id="annotation-set-label">Annotation set</InputLabel>
        <Select
          labelId="annotation-set-label"
          label="Annotation set"
          value={current ? current.id : NONE}
          onChange={(event) => onChoose({ setId: event.target.value || null, version: null })}
        >
          <MenuItem value={NONE}>
            <em>None</em>
          </MenuItem>
          {list.map((set) => (
            <MenuItem key={set.id} value={set.id}>
              {set.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {current && current.versions.length > 0 && (
        <FormControl size="small" fullWidth>
          <InputLabel id="annotation-version-label">Version</InputLabel>
          <Select
            labelId="annotation-version-label"
            label="Version"
            value={shown.version === null ? WORKING : String(shown.version)}
            onChange={(event) =>
              onChoose({
                setId: current.id,
                version: event.target.value === WORKING ? null : Number(event.target.value),
              })
            }
          >
            <MenuItem value={WORKING}>Working version</MenuItem>
            {current.versions.map((v) => (
              <MenuItem key={v.version} value={String(v.version)}>
                Version {v.version}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {!sets.isPending && (
        <Typography variant="body2" color="text.secondary">
          {list.length === 0 ? ANNOTATIONS_TAB_TEXTS.empty : current ? null : ANNOTATIONS_TAB_TEXTS.hint}
        </Typography>
      )}
    </Box>
  );
}
