/**
 * The Label extract wizard (spec 1 §2, §4, §6; slideMetadataManage): one page with 'Extract text', which
 * submits the job for the slides the table shows — with the overwrite list and under the project's
 * patterns, editable here —, then the Summary of what was read and written per slide. Values are bold
 * where written; codes are marked ▮.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABEL_EXTRACT_TEXTS, LABEL_FIELDS, MAX_LABEL_SLIDES, type LabelField } from '@tessera/domain';
import { submitLabelExtraction } from '../../api/label-extract.ts';
import { messageOf } from '../../api/queries.ts';
import { readFilteredSlideIds, SLIDE_TABLE_MESSAGES, type TableQuery } from '../../api/slide-table.ts';
import { JobProgress } from '../jobs/index.ts';
import { SubmitWizardDialog } from '../../ui/SubmitWizardDialog.tsx';
import { LabelSummary } from './LabelSummary.tsx';
import { PatternsEditor } from './PatternsEditor.tsx';

type Submission =
  | { state: 'submitting' }
  | { state: 'submitted'; jobId: string }
  | { state: 'failed'; message: string };

interface Props {
  projectId: string;
  query: TableQuery;
  slideCount: number;
  onClose: () => void;
  /** The job ended: the table shows the values written. */
  onWritten: () => void;
}

export function LabelExtractWizard({ projectId, query, slideCount, onClose, onWritten }: Props) {
  const [overwrite, setOverwrite] = useState<LabelField[]>([]);
  const [submission, setSubmission] = useState<Submission | null>(null);
  const queryClient = useQueryClient();
  const canExtract = slideCount > 0 && slideCount <= MAX_LABEL_SLIDES;

  const extract = async () => {
    setSubmission({ state: 'submitting' });
    let slideIds: string[];
    try {
      slideIds = await readFilteredSlideIds(projectId, query, MAX_LABEL_SLIDES);
    } catch (error) {
      return setSubmission({
        state: 'failed',
        message: SLIDE_TABLE_MESSAGES.readIdsFailed(messageOf(error)),
      });
    }
    try {
      const { jobId } = await submitLabelExtraction(projectId, { slideIds, overwrite });
      setSubmission({ state: 'submitted', jobId });
    } catch (error) {
      setSubmission({ state: 'failed', message: LABEL_EXTRACT_TEXTS.submitFailed(messageOf(error)) });
    }
  };

  const finish = () => {
    if (submission?.state === 'submitted') {
      onWritten();
      void queryClient.invalidateQueries({ queryKey: ['projects', projectId] });
    }
    onClose();
  };

  return (
    <SubmitWizardDialog
      titleId="label-extract-title"
      title={LABEL_EXTRACT_TEXTS.title}
      isSubmitted={submission !== null}
      maxWidth="md"
      start={{
        label: LABEL_EXTRACT_TEXTS.extractText,
        isDisabled: !canExtract,
        onStart: () => void extract(),
      }}
      finish={{ isDisabled: submission?.state === 'submitting', onFinish: finish }}
      onCancel={onClose}
    >
      {!submission ? (
        <Stack spacing={2}>
          <Typography>
            {slideCount === 1
              ? 'The label of the slide the table shows is read — its text, barcodes and 2-D codes — and Study ID and Block ID are filled from what the patterns find.'
              : `The labels of the ${slideCount.toLocaleString('en-US')} slides the table shows are read — their text, barcodes and 2-D codes — and Study ID and Block ID are filled from what the patterns find.`}{' '}
            A field that is set keeps its value unless it is ticked below.
          </Typography>
          {slideCount > MAX_LABEL_SLIDES && (
            <Alert severity="warning">{LABEL_EXTRACT_TEXTS.tooManySlides}</Alert>
          )}
          <FormGroup>
            {LABEL_FIELDS.map((field) => (
              <FormControlLabel
                key={field}
                label={LABEL_EXTRACT_TEXTS.overwrite(field)}
                control={
                  <Checkbox
                    checked={overwrite.includes(field)}
                    onChange={(e) =>
                      setOverwrite(
                        e.target.checked ? [...overwrite, field] : overwrite.filter((f) => f !== field),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <Divider />
          <PatternsEditor projectId={projectId} />
        </Stack>
      ) : submission.state === 'submitting' ? (
        <LinearProgress aria-label="Submitting the extraction" />
      ) : submission.state === 'failed' ? (
        <Alert severity="error">{submission.message}</Alert>
      ) : (
        <JobProgress projectId={projectId} jobId={submission.jobId} runningText="Reading labels…">
          {(answer) => <LabelSummary answer={answer} />}
        </JobProgress>
      )}
    </SubmitWizardDialog>
  );
}
