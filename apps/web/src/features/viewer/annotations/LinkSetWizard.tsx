/**
 * The link wizard (spec 2 §4 "Link wizard", §5, §8; the set menu's Link set...): 1 Select Projects — the
 * projects the set can show in, each checked while the set shows there; checking or unchecking marks a
 * change (toggled back it is cancelled), a project without access or with a set of the same name is not
 * offered (its tooltip says why); Next waits for a change. 2 Link Set — the changes are made one by one
 * and each project's outcome is listed; Finish closes (Cancel is disabled there).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { ERROR_CODES } from '@tessera/contract';
import { isLinkedAfter, LINK_MESSAGES, LINK_WIZARD_TEXTS, linkBlocker, togglePending } from '@tessera/domain';
import { changeSetLink, useLinkTargets } from '../../../api/annotation-sets.ts';
import { ApiError } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';

interface Outcome {
  projectId: string;
  name: string;
  text: string;
  isDone: boolean;
}

export function LinkSetWizard({
  projectId,
  set,
  onClose,
}: {
  projectId: string;
  set: { id: string; name: string };
  onClose: () => void;
}) {
  const targets = useLinkTargets(projectId, set.id);
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [isRunning, setRunning] = useState(false);
  const page = outcomes ? 1 : 0;
  const list = targets.data ?? [];

  const apply = async () => {
    setRunning(true);
    const done: Outcome[] = [];
    setOutcomes(done);
    for (const [targetId, isLinked] of pending) {
      const name = list.find((t) => t.projectId === targetId)?.projectName ?? targetId;
      try {
        await changeSetLink(projectId, set.id, targetId, isLinked);
        done.push({ projectId: targetId, name, text: isLinked ? 'Linked' : 'Unlinked', isDone: true });
      } catch (error) {
        const reason = messageOf(error);
        const text =
          error instanceof ApiError && error.code === ERROR_CODES.annotationSetOnlyLink
            ? LINK_MESSAGES.onlyLinkedProject
            : isLinked
              ? LINK_MESSAGES.linkError(name, reason)
              : LINK_MESSAGES.unlinkError(name, reason);
        done.push({ projectId: targetId, name, text, isDone: false });
      }
      setOutcomes([...done]);
    }
    setRunning(false);
  };

  return (
    <Dialog
      open
      onClose={page === 0 ? onClose : undefined}
      fullWidth
      maxWidth="md"
      aria-labelledby="link-set-title"
    >
      <DialogTitle id="link-set-title">Link set “{set.name}”</DialogTitle>
      <DialogContent sx={{ minHeight: 320 }}>
        <Stepper activeStep={page} sx={{ mb: 2 }}>
          {[LINK_WIZARD_TEXTS.selectPage, LINK_WIZARD_TEXTS.linkPage].map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {page === 0 && targets.isError && (
          <Typography color="error">{LINK_MESSAGES.targetsFailed(messageOf(targets.error))}</Typography>
        )}
        {page === 0 && (
          <List dense aria-label="Projects">
            {list.map((target) => {
              const blocker = linkBlocker(target);
              const isChanged = pending.has(target.projectId);
              return (
                <Tooltip key={target.projectId} title={blocker ?? ''} placement="left">
                  <ListItem disablePadding>
                    <ListItemIcon>
                      <Checkbox
                        edge="start"
                        checked={isLinkedAfter(pending, target)}
                        disabled={blocker !== null}
                        onChange={() => setPending((p) => togglePending(p, target))}
                        slotProps={{ input: { 'aria-label': target.projectName } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      primary={target.projectName}
                      secondary={
                        isChanged
                          ? pending.get(target.projectId)
                            ? 'Will be linked'
                            : 'Will be unlinked'
                          : target.isSetLinked
                            ? 'Linked'
                            : null
                      }
                    />
                  </ListItem>
                </Tooltip>
              );
            })}
          </List>
        )}
        {page === 1 && (
          <List dense aria-label="Link results">
            {(outcomes ?? []).map((o) => (
              <ListItem key={o.projectId}>
                <ListItemIcon>
                  {o.isDone ? <CheckCircleOutline color="success" /> : <ErrorOutline color="error" />}
                </ListItemIcon>
                <ListItemText primary={o.name} secondary={o.text} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={page === 1}>
          Cancel
        </Button>
        <Button disabled>Back</Button>
        {page === 0 ? (
          <Button variant="contained" disabled={pending.size === 0} onClick={() => void apply()}>
            Next
          </Button>
        ) : (
          <Button variant="contained" disabled={isRunning} onClick={onClose}>
            Finish
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
