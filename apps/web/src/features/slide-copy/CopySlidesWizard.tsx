/**
 * The Copy slides wizard (spec 1 §2, §4, §5; slideCopy): 1 Select Target Project (Next labelled Start
 * Copy, disabled until a target is chosen and slides exist), 2 Copy Slides (Finish enabled once the job
 * is submitted). Starting reads the ids of the slides the table shows then, and submits them as one
 * copy-slides job; the page follows it to its end. Back is disabled on the first page; once submitted only Finish is left.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { canCopyAnnotations, MAX_COPY_SLIDES, SLIDE_COPY_TEXTS, type Permission } from '@tessera/domain';
import { useAuth } from '../../app/auth.tsx';
import { useProjects } from '../../api/projects.ts';
import { messageOf, queryKeys } from '../../api/queries.ts';
import { submitCopySlides } from '../../api/slide-copy.ts';
import { readFilteredSlideIds, SLIDE_TABLE_MESSAGES, type TableQuery } from '../../api/slide-table.ts';
import { SubmitWizardDialog } from '../../ui/SubmitWizardDialog.tsx';
import { copyTargetsOf } from './copy-targets.ts';
import { CopyStep, type Submission } from './CopyStep.tsx';
import { SelectTargetStep, type CopyOptions } from './SelectTargetStep.tsx';

const PAGES = [SLIDE_COPY_TEXTS.selectTargetPage, SLIDE_COPY_TEXTS.copyPage] as const satisfies readonly [
  string,
  string,
];

interface Props {
  projectId: string;
  permissions: ReadonlySet<Permission>;
  /** What the table shows: the slides copied are those. */
  query: TableQuery;
  slideCount: number;
  onClose: () => void;
}

export function CopySlidesWizard({ projectId, permissions, query, slideCount, onClose }: Props) {
  const { me } = useAuth();
  const projects = useProjects();
  const queryClient = useQueryClient();
  const targets = useMemo(
    () => copyTargetsOf(projects.data ?? [], me?.systemRoles ?? [], projectId),
    [projects.data, me, projectId],
  );
  const [targetId, setTargetId] = useState('');
  const [options, setOptions] = useState<CopyOptions>({ copyProjectMetadata: true, copyAnnotations: false });
  const [submission, setSubmission] = useState<Submission | null>(null);
  const target = targets.find((t) => t.id === targetId);
  const mayCopyAnnotations = !!target && canCopyAnnotations(permissions, target.permissions);
  const canStart = !!target && slideCount > 0 && slideCount <= MAX_COPY_SLIDES;

  const start = async () => {
    setSubmission({ state: 'submitting' });
    let slideIds: string[];
    try {
      slideIds = await readFilteredSlideIds(projectId, query, MAX_COPY_SLIDES);
    } catch (error) {
      return setSubmission({
        state: 'failed',
        message: SLIDE_TABLE_MESSAGES.readIdsFailed(messageOf(error)),
      });
    }
    try {
      const { jobId } = await submitCopySlides(projectId, {
        slideIds,
        targetProjectId: targetId,
        copyProjectMetadata: options.copyProjectMetadata,
        copyAnnotations: mayCopyAnnotations && options.copyAnnotations,
        copyResults: false,
      });
      setSubmission({ state: 'submitted', jobId });
    } catch (error) {
      setSubmission({ state: 'failed', message: SLIDE_COPY_TEXTS.submitFailed(messageOf(error)) });
    }
  };

  const finish = () => {
    // The target's slide count changed.
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    onClose();
  };

  return (
    <SubmitWizardDialog
      titleId="copy-slides-title"
      title={SLIDE_COPY_TEXTS.title}
      pages={PAGES}
      isSubmitted={submission !== null}
      maxWidth="sm"
      start={{ label: SLIDE_COPY_TEXTS.startCopy, isDisabled: !canStart, onStart: () => void start() }}
      finish={{ isDisabled: submission?.state === 'submitting', onFinish: finish }}
      onCancel={onClose}
    >
      {submission === null ? (
        <SelectTargetStep
          slideCount={slideCount}
          targets={targets}
          targetId={targetId}
          onTarget={setTargetId}
          options={options}
          onOptions={setOptions}
          canCopyAnnotations={mayCopyAnnotations}
        />
      ) : (
        <CopyStep
          projectId={projectId}
          targetName={target?.name ?? ''}
          submission={submission}
          onLeave={finish}
        />
      )}
    </SubmitWizardDialog>
  );
}
