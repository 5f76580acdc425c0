/**
 * The frame of the wizards that submit a job from the slide table (copy slides, transfer, label extract;
 * spec 1 §2, §4): a dialog with its title, its steps when it has them, the page, and the buttons. Before
 * submitting: Cancel, Back (disabled: the first page has nothing before it) where there are steps, and
 * the start button; once submitted only Finish, as there is no way back — the job runs. Escape and the
 * backdrop cancel only before submitting.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

interface Props {
  titleId: string;
  title: ReactNode;
  /** The two pages' labels (form, then the submitted job), shown as steps; none: no steps. */
  pages?: readonly [string, string];
  isSubmitted: boolean;
  maxWidth: 'sm' | 'md';
  start: { label: string; isDisabled: boolean; onStart: () => void };
  finish: { isDisabled: boolean; onFinish: () => void };
  onCancel: () => void;
  children: ReactNode;
}

export function SubmitWizardDialog({
  titleId,
  title,
  pages,
  isSubmitted,
  maxWidth,
  start,
  finish,
  onCancel,
  children,
}: Props) {
  return (
    <Dialog
      open
      onClose={() => !isSubmitted && onCancel()}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {pages && (
          <Stepper activeStep={isSubmitted ? 1 : 0} sx={{ mb: 3 }}>
            {pages.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        {isSubmitted ? (
          <Button variant="contained" disabled={finish.isDisabled} onClick={finish.onFinish}>
            Finish
          </Button>
        ) : (
          <>
            <Button onClick={onCancel}>Cancel</Button>
            {pages && <Button disabled>Back</Button>}
            <Button variant="contained" disabled={start.isDisabled} onClick={start.onStart}>
              {start.label}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
