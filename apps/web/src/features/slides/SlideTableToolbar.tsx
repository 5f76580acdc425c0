/**
 * The slide tables' toolbar (spec 1 §2): search, then the table's actions — clear filters, refresh,
 * undo and redo, columns, and in the main table the CSV import, the exports and Share filters, each
 * shown when its permission allows (slide-table-actions.ts) — and under them a status line: 'N of M'
 * and the saving indicator (a line of their own, so the buttons keep one row at 1280 px and nothing moves
 * while a save runs). Labels, disabled states and shortcut hints come from the actions.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import DocumentScannerOutlined from '@mui/icons-material/DocumentScannerOutlined';
import FilterAltOff from '@mui/icons-material/FilterAltOff';
import Redo from '@mui/icons-material/Redo';
import Refresh from '@mui/icons-material/Refresh';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Undo from '@mui/icons-material/Undo';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import type { BoundActions } from '../../actions/action.ts';
import { ActionButton, ActionIconButton, ActionMenuItem } from '../../actions/ActionButton.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { EXPORT_ACTION_IDS } from './slide-table-actions.ts';

interface Props {
  actions: BoundActions;
  searchText: string;
  onSearchText: (text: string) => void;
  isSaving: boolean;
  countText: string;
}

export function SlideTableToolbar({ actions, searchText, onSearchText, isSaving, countText }: Props) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 1, pt: 1, pb: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <SearchField
          label="Search slides"
          size="small"
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          sx={{ width: 280 }}
        />
        <ActionButton action={actions.get('slides.clearFilters')} icon={<FilterAltOff />} />
        <ActionIconButton action={actions.get('slides.refresh')} icon={<Refresh />} />
        <ActionIconButton action={actions.get('slides.undo')} icon={<Undo />} />
        <ActionIconButton action={actions.get('slides.redo')} icon={<Redo />} />
        <ActionButton action={actions.get('slides.columns')} icon={<ViewColumnOutlined />} />
        <ActionButton action={actions.get('slides.importCsv')} icon={<FileUploadOutlined />} />
        <ExportMenu actions={actions} />
        <ActionButton action={actions.get('slides.shareFilters')} icon={<ShareOutlined />} />
        <ActionIconButton action={actions.get('slides.copySlides')} icon={<ContentCopy />} />
        <ActionIconButton action={actions.get('slides.transfer')} icon={<DriveFileMoveOutlined />} />
        <ActionIconButton action={actions.get('slides.labelExtract')} icon={<DocumentScannerOutlined />} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24, mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="slide-count">
          {countText}
        </Typography>
        {isSaving && <CircularProgress size={14} aria-label="Saving" />}
      </Box>
    </Box>
  );
}

/** The Export button opens a menu of the exports the user may run; without any, there is no button. */
function ExportMenu({ actions }: { actions: BoundActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exports = EXPORT_ACTION_IDS.map((id) => actions.get(id)).filter((a) => a.isAvailable);
  if (exports.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<FileDownloadOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {exports.map((action) => (
          <ActionMenuItem key={action.id} action={action} onDone={() => setAnchor(null)} />
        ))}
      </Menu>
    </>
  );
}
