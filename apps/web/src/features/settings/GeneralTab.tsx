/**
 * The General tab (spec 1 §2, §5, §8): name, summary, folder id and the home-project flag. Read-only
 * without projectSettingsManage; the home flag also needs projectSettingsSetIsHome. Save and Cancel
 * wake up only when something changed; a save sends the changed fields only.
 */
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { ERROR_CODES } from '@tessera/contract';
import { PROJECT_MESSAGES } from '@tessera/domain';
import { ApiError } from '../../api/client.ts';
import { useFolderIds, useUpdateProject } from '../../api/projects.ts';
import { messageOf } from '../../api/queries.ts';
import { formResolver } from '../../app/form-resolver.ts';
import { useNotify } from '../../app/notify.tsx';
import {
  changedFields,
  ProjectNameFields,
  settingsSchema,
  type SettingsValues,
  settingsValuesOf,
  useCurrentProject,
} from '../projects/index.ts';
import { ProjectAdminsCard } from './ProjectAdminsCard.tsx';
import { ProjectDetailsCard } from './ProjectDetailsCard.tsx';

export function GeneralTab() {
  const { project, permissions } = useCurrentProject();
  const canManage = permissions.has('projectSettingsManage');
  const canSetHome = canManage && permissions.has('projectSettingsSetIsHome');
  const update = useUpdateProject(project.id);
  const folderIds = useFolderIds(canManage);
  const notify = useNotify();
  // The name the server last refused; react-hook-form reads the resolver anew on every render.
  const [refusedName, setRefusedName] = useState<string | null>(null);
  const resolver = useMemo(() => formResolver(settingsSchema(refusedName)), [refusedName]);
  const form = useForm<SettingsValues>({
    resolver,
    mode: 'onChange',
    defaultValues: settingsValuesOf(project),
  });
  const { control, handleSubmit, reset, setError } = form;
  const { isDirty } = form.formState;

  const folderOptions = useMemo(() => {
    const ids = new Set(folderIds.data ?? []);
    if (project.folderId) ids.add(project.folderId);
    return [...ids].sort();
  }, [folderIds.data, project.folderId]);

  const save = handleSubmit(async (values) => {
    const changes = changedFields(project, values);
    if (Object.keys(changes).length === 0) {
      reset(settingsValuesOf(project));
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      reset(settingsValuesOf(saved));
      notify('Project settings saved', 'success');
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.code === ERROR_CODES.projectExists &&
        changes.name !== undefined
      ) {
        setRefusedName(changes.name);
        setError('name', { message: PROJECT_MESSAGES.nameRefused(changes.name) }, { shouldFocus: true });
      }
      notify(PROJECT_MESSAGES.updateFailed(messageOf(error)), 'error');
    }
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
        gap: 3,
        p: { xs: 2, sm: 3 },
      }}
    >
      <FormProvider {...form}>
        <Box component="form" onSubmit={save} noValidate aria-label="General settings">
          {!canManage && (
            <Alert severity="info" sx={{ mb: 3 }}>
              No edit permission. Project admins and data owners can change these settings.
            </Alert>
          )}
          <Stack spacing={3}>
            <ProjectNameFields readOnly={!canManage} summaryMaxRows={10} />
            <Controller
              name="folderId"
              control={control}
              render={({ field, fieldState }) => (
                <Autocomplete
                  options={folderOptions}
                  value={field.value || null}
                  onChange={(_, value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  readOnly={!canManage}
                  loading={folderIds.isPending && canManage}
                  noOptionsText="No folder IDs"
                  sx={{ maxWidth: 320 }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label="Folder ID"
                      placeholder="None"
                      error={!!fieldState.error}
                      helperText={
                        fieldState.error?.message ??
                        (folderIds.isError
                          ? `Folder IDs could not be loaded: ${messageOf(folderIds.error)}`
                          : 'Four digits, or none')
                      }
                    />
                  )}
                />
              )}
            />
            <Controller
              name="isHome"
              control={control}
              render={({ field }) => (
                <Box>
                  <Tooltip title={canSetHome ? '' : 'No edit permission'} placement="top-start">
                    <FormControlLabel
                      label="Home project"
                      disabled={!canSetHome}
                      control={
                        <Checkbox
                          checked={field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                        />
                      }
                    />
                  </Tooltip>
                  <FormHelperText sx={{ mt: -0.5, ml: 4 }}>
                    Home projects are listed under 'Home Projects' in the project selector.
                  </FormHelperText>
                </Box>
              )}
            />
          </Stack>
          {canManage && (
            <Stack
              direction="row"
              spacing={1.5}
              sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}
            >
              <Button
                onClick={() => reset(settingsValuesOf(project))}
                disabled={!isDirty || update.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
                Save
              </Button>
            </Stack>
          )}
        </Box>
      </FormProvider>
      <Stack spacing={2}>
        <ProjectAdminsCard projectId={project.id} />
        <ProjectDetailsCard project={project} />
      </Stack>
    </Box>
  );
}
