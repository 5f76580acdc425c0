/**
 * The Members tab of project settings (spec 1 §2, §5, §8): who is in the project and with which role;
 * adding, role changes and deleting for those allowed.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { MEMBER_MESSAGES, type ProjectRole } from '@tessera/domain';
import { useMembers, useRemoveMembers, useUpdateMemberRole, type ProjectMember } from '../../api/members.ts';
import { messageOf } from '../../api/queries.ts';
import { useAuth } from '../../app/auth.tsx';
import { useNotify } from '../../app/notify.tsx';
import { useCurrentProject } from '../projects/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { AddMembersDialog } from './AddMembersDialog.tsx';
import { DeleteMembersDialog } from './DeleteMembersDialog.tsx';
import { MembersTable } from './MembersTable.tsx';

export function MembersTab() {
  const { project, permissions } = useCurrentProject();
  const { me } = useAuth();
  const notify = useNotify();
  const members = useMembers(project.id, permissions.has('projectMembersView'));
  const updateRole = useUpdateMemberRole(project.id);
  const remove = useRemoveMembers(project.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [isAdding, setAdding] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  // Who the open confirmation is about, kept as asked: the list refreshes before the dialog has faded out.
  const [toDelete, setToDelete] = useState<ProjectMember[]>([]);
  const canAdd = permissions.has('projectMembersManage') || permissions.has('externalUserManage');
  const canDelete = permissions.has('projectMembersManage');

  const all = useMemo(() => members.data ?? [], [members.data]);
  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return text
      ? all.filter(
          (m) => m.email.toLowerCase().includes(text) || m.roleDisplayName.toLowerCase().includes(text),
        )
      : all;
  }, [all, filter]);
  // Selection survives list refreshes only for members still present.
  const selectedMembers = all.filter((m) => selected.has(m.userId));
  const memberIds = useMemo(() => new Set(all.map((m) => m.userId)), [all]);

  const changeRole = (member: ProjectMember, role: ProjectRole) =>
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: (updated) => notify(`${updated.email} is now ${updated.roleDisplayName}`, 'success'),
        onError: (error) => notify(MEMBER_MESSAGES.updateFailed(messageOf(error)), 'error'),
      },
    );

  const requestDelete = (userIds: string[]) => {
    const members = all.filter((m) => userIds.includes(m.userId));
    if (members.length === 0) return;
    setSelected(new Set(userIds));
    setToDelete(members);
    setConfirmingDelete(true);
  };

  const deleteConfirmed = async () => {
    try {
      await remove.mutateAsync(toDelete.map((m) => m.userId));
      notify(
        toDelete.length === 1
          ? `${toDelete[0]!.email} removed from ${project.name}`
          : `${toDelete.length} members removed from ${project.name}`,
        'success',
      );
      setSelected(new Set());
    } catch {
      notify(MEMBER_MESSAGES.deleteFailed, 'error');
    } finally {
      setConfirmingDelete(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2">
            Members
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {members.data
              ? `${all.length} ${all.length === 1 ? 'member' : 'members'}`
              : 'People with access to this project'}
            {canDelete && all.length > 0 && ' · select rows and press Delete, or right-click a row'}
          </Typography>
        </Box>
        <SearchField
          label="Filter members"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ width: { sm: 240 } }}
        />
        {canDelete && selectedMembers.length > 0 && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineOutlined />}
            onClick={() => requestDelete(selectedMembers.map((m) => m.userId))}
          >
            Delete ({selectedMembers.length})
          </Button>
        )}
        {canAdd && (
          <Button variant="contained" startIcon={<GroupAddOutlined />} onClick={() => setAdding(true)}>
            Add members
          </Button>
        )}
      </Stack>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
        {members.isPending ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Box>
        ) : members.isError ? (
          <EmptyState
            dense
            icon={<CloudOffOutlined />}
            title={`Members load failed: ${messageOf(members.error)}`}
          />
        ) : all.length === 0 ? (
          <EmptyState dense icon={<GroupOutlined />} title="No members yet" />
        ) : shown.length === 0 ? (
          <EmptyState dense icon={<SearchOffOutlined />} title="No members match the filter" />
        ) : (
          <MembersTable
            members={shown}
            myUserId={me?.id}
            permissions={permissions}
            selected={selected}
            onSelect={setSelected}
            onDelete={requestDelete}
            savingUserId={updateRole.isPending ? (updateRole.variables?.userId ?? null) : null}
            onRoleChange={changeRole}
          />
        )}
      </Box>
      <AddMembersDialog
        open={isAdding}
        onClose={() => setAdding(false)}
        projectId={project.id}
        projectName={project.name}
        permissions={permissions}
        memberIds={memberIds}
      />
      <DeleteMembersDialog
        open={isConfirmingDelete}
        projectName={project.name}
        members={toDelete}
        isDeleting={remove.isPending}
        onConfirm={() => void deleteConfirmed()}
        onClose={() => setConfirmingDelete(false)}
      />
    </Box>
  );
}
