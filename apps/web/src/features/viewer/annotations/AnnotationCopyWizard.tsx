/**
 * The annotation-copy wizard (spec 2 §4 "Annotation-copy wizard", §5, §8; the set menu's Bulk Copy...):
 * the shown set's annotations copied to other slides of the block. 1 Source Slides — the block's slides
 * holding a set of this name (this slide chosen); 2 Select Classes — all, or only those chosen; 3 Target
 * Slides — the block's other slides; 4 Target Set — the name of the set on the targets (the names there
 * offered), and whether to copy only where it exists (with 'N out of M…'); Next is Start Copy; 5 Copy
 * Annotations — one job per source, followed to its end, failures said as the spec words them. The rules
 * of Next are the domain's (annotation-copy-wizard.ts). Closing drops everything.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import {
  ANNOTATION_COPY_PAGES,
  ANNOTATION_COPY_TEXTS,
  canGoNext,
  type AnnotationClass,
  type AnnotationCopyState,
} from '@tessera/domain';
import { useBlockSlides, useSetsOfSlides } from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';
import { ClassesPage, SlidesPage, TargetSetPage } from './AnnotationCopyPages.tsx';
import { CopyJobs, useCopySubmission } from './AnnotationCopyJobs.tsx';

export function AnnotationCopyWizard({
  projectId,
  slideId,
  blockId,
  set,
  classes,
  onClose,
}: {
  projectId: string;
  slideId: string;
  blockId: string;
  set: { id: string; name: string };
  classes: readonly AnnotationClass[];
  onClose: () => void;
}) {
  const block = useBlockSlides(projectId, blockId);
  const slides = block.data?.slides ?? [];
  const sets = useSetsOfSlides(
    projectId,
    slides.map((s) => s.id),
  );
  const setsOf = (id: string) => sets[slides.findIndex((s) => s.id === id)]?.data ?? [];
  // The block's slides holding a set of the shown set's name: where annotations can come from.
  const sources = slides.filter((s) => s.id === slideId || setsOf(s.id).some((x) => x.name === set.name));
  const [state, setState] = useState<AnnotationCopyState>({
    page: 0,
    sourceSlideIds: [slideId],
    isClassFilter: false,
    classIds: [],
    targetSlideIds: [],
    setName: set.name,
    skipCopyIfTargetSetMissing: false,
    targetsWithSet: 0,
    isDone: false,
  });
  const change = (patch: Partial<AnnotationCopyState>) => setState((s) => ({ ...s, ...patch }));
  const targets = slides.filter((s) => !state.sourceSlideIds.includes(s.id));
  const targetsWithSet = state.targetSlideIds.filter((id) =>
    setsOf(id).some((x) => x.name === state.setName.trim()),
  ).length;
  const current = { ...state, targetsWithSet };
  const submission = useCopySubmission(projectId);

  const next = () => {
    if (state.page < 3) return change({ page: state.page + 1 });
    if (state.page === 3) {
      change({ page: 4 });
      submission.start(
        state.sourceSlideIds.map((id) => ({
          slide: slides.find((s) => s.id === id)?.fileName ?? id,
          sourceSetId: id === slideId ? set.id : (setsOf(id).find((x) => x.name === set.name)?.id ?? ''),
        })),
        {
          targetAnnotationSetName: state.setName.trim(),
          targetSlideIds: [...state.targetSlideIds],
          annotationClassIds: state.isClassFilter ? [...state.classIds] : undefined,
          skipCopyIfTargetSetMissing: state.skipCopyIfTargetSetMissing,
        },
      );
      return;
    }
    onClose();
  };
  const isLast = state.page === 4;
  const canNext = isLast ? submission.isDone : canGoNext(current);
  return (
    <Dialog
      open
      onClose={isLast ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="annotation-copy-title"
      slotProps={{ paper: { sx: { maxWidth: 850, maxHeight: 540 } } }}
    >
      <DialogTitle id="annotation-copy-title">{ANNOTATION_COPY_TEXTS.title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={state.page} sx={{ mb: 2 }} alternativeLabel>
          {ANNOTATION_COPY_PAGES.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {block.isError && <Alert severity="error">{messageOf(block.error)}</Alert>}
        {state.page === 0 && (
          <SlidesPage
            label="Source slides"
            slides={sources}
            chosen={state.sourceSlideIds}
            onChange={(ids) =>
              change({
                sourceSlideIds: ids,
                targetSlideIds: state.targetSlideIds.filter((t) => !ids.includes(t)),
              })
            }
          />
        )}
        {state.page === 1 && <ClassesPage classes={classes} state={state} onChange={change} />}
        {state.page === 2 && (
          <SlidesPage
            label="Target slides"
            slides={targets}
            chosen={state.targetSlideIds}
            onChange={(ids) => change({ targetSlideIds: ids })}
          />
        )}
        {state.page === 3 && (
          <TargetSetPage
            state={current}
            names={[...new Set(state.targetSlideIds.flatMap((id) => setsOf(id).map((x) => x.name)))]}
            onChange={change}
          />
        )}
        {isLast && <CopyJobs projectId={projectId} blockId={blockId} submission={submission} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLast}>
          Cancel
        </Button>
        <Button disabled={state.page === 0 || isLast} onClick={() => change({ page: state.page - 1 })}>
          Back
        </Button>
        <Button variant="contained" disabled={!canNext} onClick={next}>
          {isLast ? 'Finish' : state.page === 3 ? ANNOTATION_COPY_TEXTS.startCopy : 'Next'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
