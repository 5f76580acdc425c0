/**
 * The members table. For users who may delete members (projectMembersManage), rows are selected by
 * click, Space or their checkbox, and the Delete key or the context menu (right click, the Menu key or
 * Shift+F10) deletes the selection after confirmation. Others see a plain list.
 */
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { MEMBER_MESSAGES, type Permission, type ProjectRole } from '@tessera/domain';
import type { ProjectMember } from '../../api/members.ts';
import { canRemoveMember, memberRoleOptions } from './member-roles.ts';
import { MemberRoleSelect } from './MemberRoleSelect.tsx';

interface Props {
  members: ProjectMember[];
  myUserId: string | undefined;
  permissions: ReadonlySet<Permission>;
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  /** Asks to delete these members (the selection, or the row the key was pressed on). */
  onDelete: (userIds: string[]) => void;
  savingUserId: string | null;
  onRoleChange: (member: ProjectMember, role: ProjectRole) => void;
}

export function MembersTable({
  members,
  myUserId,
  permissions,
  selected,
  onSelect,
  onDelete,
  savingUserId,
  onRoleChange,
}: Props) {
  const canDelete = permissions.has('projectMembersManage');
  const [menuAt, setMenuAt] = useState<{ top: number; left: number } | null>(null);
  const removable = members.filter((m) => canRemoveMember(permissions, m));
  const isRemovable = (userId: string) => removable.some((m) => m.userId === userId);
  const allSelected = removable.length > 0 && removable.every((m) => selected.has(m.userId));

  const toggle = (userId: string) => {
    if (!isRemovable(userId)) return;
    const next = new Set(selected);
    if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    onSelect(next);
  };

  const openMenu = (member: ProjectMember, at: { top: number; left: number }) => {
    // Right-clicking outside the selection acts on that row alone, as in a file manager.
    if (!isRemovable(member.userId)) return;
    if (!selected.has(member.userId)) onSelect(new Set([member.userId]));
    setMenuAt(at);
  };

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, member: ProjectMember) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const row =
        e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
      (row as HTMLElement | null)?.focus();
      return;
    }
    if (!canDelete) return;
    if (e.key === ' ') {
      e.preventDefault();
      toggle(member.userId);
    } else if (e.key === 'Delete') {
      e.preventDefault();
      const userIds = selected.has(member.userId) ? [...selected] : [member.userId];
      if (userIds.every(isRemovable)) onDelete(userIds);
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      const box = e.currentTarget.getBoundingClientRect();
      openMenu(member, { top: box.top + box.height / 2, left: box.left + 48 });
    }
  };

  return (
    <>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table stickyHeader size="small" aria-label="Project members" aria-multiselectable={canDelete}>
          <TableHead>
            <TableRow>
              {canDelete && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={allSelected}
                    indeterminate={selected.size > 0 && !allSelected}
                    onChange={() =>
                      onSelect(allSelected ? new Set() : new Set(removable.map((m) => m.userId)))
                    }
                    slotProps={{ input: { 'aria-label': 'Select all members' } }}
                  />
                </TableCell>
              )}
              <TableCell>E-mail</TableCell>
              <TableCell sx={{ width: 220 }}>Role</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((member) => {
              const isSelected = selected.has(member.userId);
              return (
                <TableRow
                  key={member.userId}
                  hover={canDelete}
                  selected={isSelected}
                  tabIndex={0}
                  aria-selected={canDelete ? isSelected : undefined}
                  onClick={canDelete ? () => toggle(member.userId) : undefined}
                  onKeyDown={(e) => onRowKey(e, member)}
                  onContextMenu={
                    canDelete
                      ? (e: MouseEvent) => {
                          e.preventDefault();
                          openMenu(member, { top: e.clientY, left: e.clientX });
                        }
                      : undefined
                  }
                  sx={{
                    cursor: canDelete ? 'pointer' : 'default',
                    '&:focus-visible': {
                      outline: '2px solid',
                      outlineColor: 'primary.light',
                      outlineOffset: -2,
                    },
                    '& td': { height: 52 },
                  }}
                >
                  {canDelete && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={isSelected}
                        disabled={!isRemovable(member.userId)}
                        title={
                          isRemovable(member.userId) ? undefined : MEMBER_MESSAGES.dataOwnerChangeNotAllowed
                        }
                        tabIndex={-1}
                        slotProps={{ input: { 'aria-label': `Select ${member.email}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                      <Typography variant="body2" noWrap title={member.email}>
                        {member.email}
                      </Typography>
                      {member.userId === myUserId && (
                        <Typography variant="caption" color="text.secondary">
                          (you)
                        </Typography>
                      )}
                      {member.isExternalUser && (
                        <Chip size="small" label="External" color="warning" variant="outlined" />
                      )}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <MemberRoleSelect
                      member={member}
                      options={memberRoleOptions(permissions, member)}
                      isSaving={savingUserId === member.userId}
                      onChange={(role) => onRoleChange(member, role)}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Menu
        open={!!menuAt}
        onClose={() => setMenuAt(null)}
        anchorReference="anchorPosition"
        anchorPosition={menuAt ?? undefined}
        slotProps={{ paper: { sx: { minWidth: 200 } } }}
      >
        <MenuItem
          onClick={() => {
            setMenuAt(null);
            onDelete([...selected]);
          }}
        >
          <ListItemIcon>
            <DeleteOutlineOutlined fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>
            {selected.size > 1 ? `Delete ${selected.size} members` : 'Delete member'}
          </ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
