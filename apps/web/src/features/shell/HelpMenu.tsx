/** The help menu (spec 1 §2): Help, Support and About. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { AboutDialog } from './AboutDialog.tsx';

export function HelpMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isAboutOpen, setAboutOpen] = useState(false);
  const navigate = useNavigate();
  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };
  return (
    <>
      <Tooltip title="Help">
        <IconButton
          color="inherit"
          aria-label="Help menu"
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <HelpOutlineOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 200, mt: 0.5 } } }}
      >
        <MenuItem onClick={() => go('/help')}>
          <ListItemIcon>
            <MenuBookOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Help</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('/help#support')}>
          <ListItemIcon>
            <SupportAgentOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Support</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setAboutOpen(true);
          }}
        >
          <ListItemIcon>
            <InfoOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>About</ListItemText>
        </MenuItem>
      </Menu>
      <AboutDialog open={isAboutOpen} onClose={() => setAboutOpen(false)} />
    </>
  );
}
