/**
 * Create project (spec 1 §2, §5, §8): name and summary checked with the domain rules and trimmed on
 * submit. A taken name is reported on the name field; any other failure in the snackbar. Success adds
 * the project to the list and opens its slides.
 */
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ERROR_CODES } from '@tessera/contract';
import { PROJECT_MESSAGES } from '@tessera/domain';
import { ApiError } from '../../api/client.ts';
import { useCreateProject } from '../../api/projects.ts';
import { messageOf } from '../../api/queries.ts';
import { formResolver } from '../../app/form-resolver.ts';
import { useNotify } from '../../app/notify.tsx';
import { createProjectSchema, type CreateProjectValues } from './project-form.ts';
import { ProjectNameFields } from './ProjectNameFields.tsx';
import { projectSlidesPath } from './project-path.ts';

export function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateProject();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<CreateProjectValues>({
    resolver: formResolver(createProjectSchema),
    defaultValues: { name: '', summary: '' },
  });
  const { handleSubmit, reset, setError } = form;

  const close = () => {
    if (create.isPending) return;
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    const name = values.name.trim();
    try {
      const project = await create.mutateAsync({ name, summary: values.summary.trim() });
      onClose();
      notify(`Project "${project.name}" created`, 'success');
      navigate(projectSlidesPath(project.id));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.projectExists)
        setError('name', { message: PROJECT_MESSAGES.nameInUse(name) }, { shouldFocus: true });
      else notify(PROJECT_MESSAGES.createFailed(messageOf(error)), 'error');
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => reset() } }}
    >
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle>Create project</DialogTitle>
          <DialogContent>
            <DialogContentText variant="body2" sx={{ mb: 2.5 }}>
              You become the data owner of the new project and can add members afterwards.
            </DialogContentText>
            <Stack spacing={2.5}>
              <ProjectNameFields
                autoFocus
                summaryMaxRows={8}
                onSummaryKeyDown={(e) => {
                  // Enter submits the dialog; Shift+Enter still starts a new line in the summary.
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    void submit();
                  }
                }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create project
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
