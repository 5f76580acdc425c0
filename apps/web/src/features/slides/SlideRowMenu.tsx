/** The row menu of a slide table (right-click a row): view slide, the slide's optimization, delete. */
import Menu from '@mui/material/Menu';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { Permission } from '@tessera/domain';
import type { BoundActions } from '../../actions/action.ts';
import { ActionMenuItem } from '../../actions/ActionButton.tsx';
import type { Row } from '../../grid/types.ts';
import { ConversionMenuItems } from './ConversionMenuItem.tsx';

export interface RowMenuPlace {
  x: number;
  y: number;
  rows: Row[];
}

export function SlideRowMenu({
  menu,
  actions,
  projectId,
  isMain,
  permissions,
  onClose,
}: {
  menu: RowMenuPlace | null;
  /** Bound with the menu's rows. */
  actions: BoundActions;
  projectId: string;
  isMain: boolean;
  permissions: ReadonlySet<Permission>;
  onClose(): void;
}) {
  const slide = menu?.rows.length === 1 ? menu.rows[0]! : null;
  return (
    <Menu
      open={!!menu}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
    >
      {menu && (
        <ActionMenuItem
          action={actions.get('slides.viewSlide')}
          icon={<OpenInNew fontSize="small" />}
          onDone={onClose}
        />
      )}
      {/* Not an action: it shows the slide's conversion status, with Retry when it failed. */}
      {isMain && slide?.status === 'available' && (
        <ConversionMenuItems
          projectId={projectId}
          slideId={String(slide.id)}
          canRetry={permissions.has('slideUpload')}
          onDone={onClose}
        />
      )}
      {menu && (
        <ActionMenuItem
          action={actions.get('slides.deleteSlides')}
          icon={<DeleteOutline fontSize="small" />}
          onDone={onClose}
        />
      )}
    </Menu>
  );
}
