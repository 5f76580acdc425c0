/** A member's role in the members table: a select when the user may change it, plain text otherwise. */
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { ROLE_DISPLAY_NAMES, type ProjectRole } from '@tessera/domain';
import type { ProjectMember } from '../../api/members.ts';

interface Props {
  member: ProjectMember;
  options: ProjectRole[] | null;
  isSaving: boolean;
  onChange: (role: ProjectRole) => void;
}

export function MemberRoleSelect({ member, options, isSaving, onChange }: Props) {
  if (!options) return <Typography variant="body2">{member.roleDisplayName}</Typography>;
  return (
    <Select
      size="small"
      value={member.role}
      disabled={isSaving}
      onChange={(e) => e.target.value !== member.role && onChange(e.target.value as ProjectRole)}
      // The row handles clicks and keys for selection; the select keeps its own.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      inputProps={{ 'aria-label': `Role of ${member.email}` }}
      sx={{ minWidth: 170, fontSize: 14, '& .MuiSelect-select': { py: 0.75 } }}
    >
      {options.map((role) => (
        <MenuItem key={role} value={role} dense>
          {ROLE_DISPLAY_NAMES[role]}
        </MenuItem>
      ))}
    </Select>
  );
}
