/** The help menu (spec 1 §2): Help, Support and About. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { AboutDialog } from './AboutDialog.tsx';
import { IconMenuItem, NavbarMenu } from './NavbarMenu.tsx';

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
      <NavbarMenu anchor={anchor} onClose={() => setAnchor(null)} minWidth={200}>
        <IconMenuItem icon={MenuBookOutlined} label="Help" onClick={() => go('/help')} />
        <IconMenuItem icon={SupportAgentOutlined} label="Support" onClick={() => go('/help#support')} />
        <IconMenuItem
          icon={InfoOutlined}
          label="About"
          onClick={() => {
            setAnchor(null);
            setAboutOpen(true);
          }}
        />
      </NavbarMenu>
      <AboutDialog open={isAboutOpen} onClose={() => setAboutOpen(false)} />
    </>
  );
}
