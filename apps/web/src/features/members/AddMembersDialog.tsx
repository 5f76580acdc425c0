/**
 * Add members (spec 1 §5, §8): find users by e-mail (the search settles after 400 ms), pick several,
 * choose one role from those the domain allows for the selection, add them all at once.
 */
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MEMBER_MESSAGES,
  ROLE_DISPLAY_NAMES,
  USER_SEARCH_MIN_LENGTH,
  type Permission,
  type ProjectRole,
} from '@tessera/domain';
import { useAddMembers, useUserSearch, type FoundUser } from '../../api/members.ts';
import { messageOf } from '../../api/queries.ts';
import { useNotify } from '../../app/notify.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { addMembersRoleChoice } from './member-roles.ts';

export const USER_SEARCH_DEBOUNCE_MS = 400;
const DEFAULT_ROLE: ProjectRole = 'projectRead';

interface Props {
  open: boolean;
  onClose: () => void;
  projectId: string;
  projectName: string;
  permissions: ReadonlySet<Permission>;
  memberIds: ReadonlySet<string>;
}

export function AddMembersDialog(props: Props) {
  // A fresh form every time the dialog opens.
  const [session, setSession] = useState(0);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setSession((n) => n + 1) } }}
    >
      <AddMembersForm key={session} {...props} />
    </Dialog>
  );
}

function AddMembersForm({ onClose, projectId, projectName, permissions, memberIds }: Props) {
  const notify = useNotify();
  const add = useAddMembers(projectId);
  const [selected, setSelected] = useState<FoundUser[]>([]);
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<ProjectRole>(DEFAULT_ROLE);
  const search = useDebouncedValue(input, USER_SEARCH_DEBOUNCE_MS);
  const users = useUserSearch(projectId, search, true);
  const choice = addMembersRoleChoice(
    permissions,
    selected.map((u) => u.isExternalUser),
    picked,
  );

  const searchError = users.error;
  useEffect(() => {
    if (searchError) notify(MEMBER_MESSAGES.loadUsersFailed(messageOf(searchError)), 'error');
  }, [searchError, notify]);

  const options = (users.data ?? []).filter((u) => !memberIds.has(u.userId));
  const isTooShort = input.trim().length < USER_SEARCH_MIN_LENGTH;
  const canSubmit = selected.length > 0 && !choice.error && !add.isPending;

  const submit = async () => {
    if (!canSubmit) return;
    try {
      const added = await add.mutateAsync({ userIds: selected.map((u) => u.userId), role: choice.role });
      notify(
        added.length === 1
          ? `${added[0]!.email} added to ${projectName}`
          : `${added.length} members added to ${projectName}`,
        'success',
      );
      onClose();
    } catch (error) {
      notify(MEMBER_MESSAGES.addFailed(messageOf(error)), 'error');
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DialogTitle>Add members</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          Find people by e-mail and give them one role in {projectName}.
        </Typography>
        <Stack spacing={2.5}>
          <Autocomplete
            multiple
            autoHighlight
            filterSelectedOptions
            options={options}
            value={selected}
            onChange={(_, value) => setSelected(value)}
            inputValue={input}
            onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
            // The server searched already; every answer it gave is a candidate.
            filterOptions={(x) => x}
            isOptionEqualToValue={(a, b) => a.userId === b.userId}
            getOptionLabel={(u) => u.email}
            loading={users.isFetching}
            noOptionsText={
              isTooShort
                ? MEMBER_MESSAGES.searchTooShort
                : users.isError
                  ? MEMBER_MESSAGES.loadUsersFailed(messageOf(users.error))
                  : users.data?.length
                    ? 'Everyone found is already a member'
                    : 'No users found'
            }
            renderOption={({ key, ...optionProps }, u) => (
              <Box component="li" key={key} {...optionProps} sx={{ display: 'flex', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {u.email}
                </Box>
                {u.isExternalUser && (
                  <Chip size="small" label="External" color="warning" variant="outlined" />
                )}
              </Box>
            )}
            renderValue={(value, getItemProps) =>
              value.map((u, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    {...itemProps}
                    size="small"
                    label={u.email}
                    color={u.isExternalUser ? 'warning' : 'default'}
                    variant={u.isExternalUser ? 'outlined' : 'filled'}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label="Users"
                placeholder={selected.length ? '' : 'Search by e-mail'}
                helperText={
                  users.isError
                    ? MEMBER_MESSAGES.loadUsersFailed(messageOf(users.error))
                    : 'External users are marked'
                }
                error={users.isError}
              />
            )}
          />
          <TextField
            select
            label="Role"
            value={choice.role}
            onChange={(e) => setPicked(e.target.value as ProjectRole)}
            disabled={choice.isFixed}
            error={!!choice.error && selected.length > 0}
            helperText={
              (selected.length > 0 && choice.error) ||
              (choice.isFixed ? MEMBER_MESSAGES.externalRoleFixed : ' ')
            }
            sx={{ maxWidth: 320 }}
          >
            {choice.options.map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_DISPLAY_NAMES[role]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!canSubmit && !add.isPending}
          loading={add.isPending}
        >
          {selected.length > 1 ? `Add ${selected.length} members` : 'Add member'}
        </Button>
      </DialogActions>
    </Box>
  );
}
