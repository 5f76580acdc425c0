/**
 * The Browse menu (spec 1 §2, needs slidesBrowse): the two cross-project search sources of spec 3.
 * Their screens arrive with the search issue; until then the routes answer 'Invalid URL'.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import { IconMenuItem } from './NavbarMenu.tsx';

export const BROWSE_SOURCES = [
  { path: '/browse/portal', label: 'Portal slides', icon: StorageOutlined },
  {
    path: '/browse/imaging-platform',
    label: 'R&D Imaging Platform slides',
    icon: TravelExploreOutlined,
  },
] as const;

export function BrowseMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<ManageSearchOutlined />}
        endIcon={<ExpandMoreOutlined />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' } }}
      >
        Browse
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        {BROWSE_SOURCES.map((source) => (
          <IconMenuItem
            key={source.path}
            icon={source.icon}
            label={source.label}
            onClick={() => {
              setAnchor(null);
              navigate(source.path);
            }}
          />
        ))}
      </Menu>
    </>
  );
}
