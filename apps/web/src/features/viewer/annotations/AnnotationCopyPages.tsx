/**
 * The pages of the annotation-copy wizard that choose (AnnotationCopyWizard.tsx): slides of the block
 * (sources, targets), the classes to copy, and the target set's name with its warnings.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANNOTATION_COPY_TEXTS,
  targetSetWarning,
  type AnnotationClass,
  type AnnotationCopyState,
} from '@tessera/domain';

const toggled = (ids: readonly string[], id: string) =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

export function SlidesPage({
  label,
  slides,
  chosen,
  onChange,
}: {
  label: string;
  slides: readonly { id: string; fileName: string }[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  if (slides.length === 0)
    return <Typography color="text.secondary">No other slides in this block.</Typography>;
  return (
    <List dense aria-label={label}>
      {slides.map((slide) => (
        <ListItem key={slide.id} disablePadding>
          <ListItemIcon>
            <Checkbox
              edge="start"
              checked={chosen.includes(slide.id)}
              onChange={() => onChange(toggled(chosen, slide.id))}
              slotProps={{ input: { 'aria-label': slide.fileName || slide.id } }}
            />
          </ListItemIcon>
          <ListItemText primary={slide.fileName || slide.id} />
        </ListItem>
      ))}
    </List>
  );
}

export function ClassesPage({
  classes,
  state,
  onChange,
}: {
  classes: readonly AnnotationClass[];
  state: AnnotationCopyState;
  onChange: (patch: Partial<AnnotationCopyState>) => void;
}) {
  return (
    <Stack spacing={1}>
      <RadioGroup
        row
        value={state.isClassFilter ? 'some' : 'all'}
        onChange={(event) => onChange({ isClassFilter: event.target.value === 'some' })}
      >
        <FormControlLabel value="all" control={<Radio />} label="All classes" />
        <FormControlLabel value="some" control={<Radio />} label="Only these classes" />
      </RadioGroup>
      {state.isClassFilter && (
        <List dense aria-label="Classes" sx={{ columns: 2 }}>
          {classes.map((c) => (
            <ListItem key={c.classId} disablePadding>
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={state.classIds.includes(c.classId)}
                  onChange={() => onChange({ classIds: toggled(state.classIds, c.classId) })}
                  slotProps={{ input: { 'aria-label': c.name } }}
                />
              </ListItemIcon>
              <ListItemText primary={c.name} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function TargetSetPage({
  state,
  names,
  onChange,
}: {
  state: AnnotationCopyState;
  /** The set names on the target slides. */
  names: readonly string[];
  onChange: (patch: Partial<AnnotationCopyState>) => void;
}) {
  const warning = targetSetWarning(state);
  return (
    <Stack spacing={2}>
      <Autocomplete
        freeSolo
        options={names}
        inputValue={state.setName}
        onInputChange={(_, value) => onChange({ setName: value })}
        renderInput={(params) => <TextField {...params} label="Annotation set name" size="small" />}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={state.skipCopyIfTargetSetMissing}
            onChange={(event) => onChange({ skipCopyIfTargetSetMissing: event.target.checked })}
          />
        }
        label="Copy only to slides that have a set of this name"
      />
      {warning ? (
        <Alert severity="warning">{warning}</Alert>
      ) : state.skipCopyIfTargetSetMissing ? (
        <Alert severity="info">
          {ANNOTATION_COPY_TEXTS.available(state.targetsWithSet, state.targetSlideIds.length)}
        </Alert>
      ) : null}
    </Stack>
  );
}
