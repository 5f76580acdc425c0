/**
 * The account menu (spec 1 §2): the username with the user's global role display names beside it,
 * Profile, and Logout (with confirmation).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import { useAuth } from '../../app/auth.tsx';
import { LogoutDialog } from './LogoutDialog.tsx';
import { IconMenuItem, NavbarMenu } from './NavbarMenu.tsx';

const initialsOf = (name: string): string =>
  name
    .split(/[\s._@-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

export function AccountMenu() {
  const { me } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isLoggingOut, setLoggingOut] = useState(false);
  if (!me) return null;
  const roles = me.systemRoleDisplayNames.join(', ');
  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={`Account: ${me.username}`}
        sx={{
          borderRadius: 2,
          px: 1,
          py: 0.5,
          gap: 1,
          color: 'inherit',
          textAlign: 'left',
          '&:hover, &.Mui-focusVisible': { bgcolor: 'rgba(255,255,255,0.12)' },
        }}
      >
        <Avatar
          sx={{
            width: 32,
            height: 32,
            fontSize: 13,
            fontWeight: 600,
            bgcolor: 'rgba(255,255,255,0.22)',
            color: '#fff',
          }}
        >
          {initialsOf(me.username)}
        </Avatar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, minWidth: 0, maxWidth: 220 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.25 }}>
            {me.username}
          </Typography>
          {roles && (
            <Typography variant="caption" noWrap component="p" sx={{ opacity: 0.75, lineHeight: 1.25 }}>
              {roles}
            </Typography>
          )}
        </Box>
        <KeyboardArrowDownOutlined fontSize="small" sx={{ opacity: 0.8 }} />
      </ButtonBase>
      <NavbarMenu anchor={anchor} onClose={() => setAnchor(null)} minWidth={240}>
        {/* A subheader, not an item: the keyboard starts on Profile. */}
        <ListSubheader component="div" sx={{ px: 2, py: 1.25, lineHeight: 'normal', color: 'text.primary' }}>
          <Typography variant="subtitle2" noWrap>
            {me.username}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {me.email}
          </Typography>
          {roles && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {roles}
            </Typography>
          )}
        </ListSubheader>
        <Divider />
        <IconMenuItem
          icon={PersonOutlineOutlined}
          label="Profile"
          onClick={() => {
            setAnchor(null);
            navigate('/profile');
          }}
        />
        <IconMenuItem
          icon={LogoutOutlined}
          label="Logout"
          onClick={() => {
            setAnchor(null);
            setLoggingOut(true);
          }}
        />
      </NavbarMenu>
      <LogoutDialog open={isLoggingOut} onClose={() => setLoggingOut(false)} />
    </>
  );
}
