/**
 * Page 1, Select Target Project (spec 1 §4, §5): the project to copy into, and what goes with the slides
 * — their metadata, their annotation sets (annotationsCopy here and annotationsManage there), results
 * (none exist in Tessera yet: shown, disabled, saying so).
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_COPY_SLIDES, SLIDE_COPY_TEXTS } from '@tessera/domain';
import type { CopyTarget } from './copy-targets.ts';

export interface CopyOptions {
  copyProjectMetadata: boolean;
  copyAnnotations: boolean;
}

interface Props {
  slideCount: number;
  targets: readonly CopyTarget[];
  targetId: string;
  onTarget: (id: string) => void;
  options: CopyOptions;
  onOptions: (options: CopyOptions) => void;
  canCopyAnnotations: boolean;
}

export function SelectTargetStep(props: Props) {
  const { slideCount, targets, targetId, options, onOptions, canCopyAnnotations } = props;
  const option = (key: keyof CopyOptions | 'copyResults', isEnabled: boolean, reason: string | null) => {
    const control = (
      <FormControlLabel
        disabled={!isEnabled}
        label={SLIDE_COPY_TEXTS[key]}
        control={
          <Checkbox
            checked={key !== 'copyResults' && isEnabled && options[key]}
            onChange={(e) => key !== 'copyResults' && onOptions({ ...options, [key]: e.target.checked })}
          />
        }
      />
    );
    return reason && !isEnabled ? (
      <Tooltip key={key} title={reason} placement="right">
        <span>{control}</span>
      </Tooltip>
    ) : (
      <span key={key}>{control}</span>
    );
  };
  return (
    <Stack spacing={2}>
      <Typography>
        {slideCount === 1
          ? 'The slide the table shows is copied into the project chosen here.'
          : `The ${slideCount.toLocaleString('en-US')} slides the table shows (its filter and search) are copied into the project chosen here.`}{' '}
        The copies use the same image files: nothing is uploaded again.
      </Typography>
      {slideCount === 0 && <Alert severity="info">{SLIDE_COPY_TEXTS.noSlides}</Alert>}
      {slideCount > MAX_COPY_SLIDES && <Alert severity="warning">{SLIDE_COPY_TEXTS.tooManySlides}</Alert>}
      {targets.length === 0 ? (
        <Alert severity="info">{SLIDE_COPY_TEXTS.noTargets}</Alert>
      ) : (
        <FormControl fullWidth>
          <InputLabel id="copy-target-label">{SLIDE_COPY_TEXTS.targetProject}</InputLabel>
          <Select
            labelId="copy-target-label"
            label={SLIDE_COPY_TEXTS.targetProject}
            value={targetId}
            onChange={(e) => props.onTarget(e.target.value)}
          >
            {targets.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <FormGroup>
        {option('copyProjectMetadata', true, null)}
        {option('copyAnnotations', canCopyAnnotations, SLIDE_COPY_TEXTS.annotationsNotAllowed)}
        {option('copyResults', false, SLIDE_COPY_TEXTS.resultsUnavailable)}
      </FormGroup>
    </Stack>
  );
}
