/**
 * The side panel's Annotations tab (spec 3 §2): the set selector of the active slide with its menu
 * (SetMenu.tsx) and, with it, the version shown (the working state or a version made); the spec's hint
 * and empty text; the set's Region Annotations grouped by class and its Cell Marker Annotations per
 * class. The lists select through the active viewer's tools (both ways).
 */
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ANNOTATIONS_TAB_TEXTS } from '@tessera/domain';
import { useAnnotationClassMap } from '../../../api/annotation-classes.ts';
import {
  useCellMarkerStats,
  useRegionList,
  useSlideAnnotationSets,
  type ShownSet,
} from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';
import { useCurrentProject } from '../../projects/index.ts';
import { CellMarkerTotals } from './CellMarkerTotals.tsx';
import { RegionList } from './RegionList.tsx';
import { SetMenu } from './SetMenu.tsx';
import { useViewerAnnotationsLink } from './viewer-annotations.ts';

const NONE = '';
const WORKING = 'working';
const NO_COUNTS: ReadonlyMap<string, number> = new Map();

export interface ShownSetChoice {
  setId: string | null;
  version: number | null;
}

export function AnnotationsTab({
  projectId,
  slideId,
  viewerId,
  shown,
  onChoose,
}: {
  projectId: string;
  slideId: string;
  viewerId: string;
  shown: ShownSetChoice;
  onChoose: (choice: ShownSetChoice) => void;
}) {
  const sets = useSlideAnnotationSets(projectId, slideId);
  const canManage = useCurrentProject().permissions.has('annotationsManage');
  const link = useViewerAnnotationsLink(viewerId);
  const { classMap } = useAnnotationClassMap(projectId);
  const list = sets.data ?? [];
  const current = list.find((set) => set.id === shown.setId);
  const shownSet: ShownSet | null = current
    ? { projectId, setId: current.id, version: shown.version ?? undefined }
    : null;
  const revision = link?.revision ?? 0;
  const regions = useRegionList(shownSet, revision);
  const markers = useCellMarkerStats(shownSet, revision);

  if (sets.isError)
    return (
      <Box sx={{ p: 2 }}>
        <Typography variant="body2" color="error">
          {messageOf(sets.error)}
        </Typography>
      </Box>
    );
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, overflow: 'auto', height: '100%' }}>
      <Stack direction="row" spacing={0.5} alignItems="center">
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
        <SetMenu
          projectId={projectId}
          slideId={slideId}
          current={current}
          shownSet={shownSet}
          version={shown.version}
          canManage={canManage}
          link={link}
          classes={classMap}
          onChoose={onChoose}
        />
      </Stack>
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
      {!sets.isPending && !current && (
        <Typography variant="body2" color="text.secondary">
          {list.length === 0 ? ANNOTATIONS_TAB_TEXTS.empty : ANNOTATIONS_TAB_TEXTS.hint}
        </Typography>
      )}
      {shownSet && (
        <>
          <Section title="Region Annotations">
            {regions.isError ? (
              <Typography variant="body2" color="error">
                {messageOf(regions.error)}
              </Typography>
            ) : regions.data ? (
              <RegionList set={shownSet} regions={regions.data} classes={classMap} link={link} />
            ) : null}
          </Section>
          {markers.data && markers.data.classes.length > 0 && (
            <Section title="Cell Marker Annotations">
              <CellMarkerTotals
                totals={markers.data.classes}
                selected={link?.selectedMarkerCounts ?? NO_COUNTS}
                classes={classMap}
              />
            </Section>
          )}
        </>
      )}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
