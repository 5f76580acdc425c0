/**
 * The slide tables' toolbar (spec 1 §2): search, clear filters, refresh, undo and redo, columns, and —
 * in the main table — the CSV import (slideMetadataManage), the exports (slideMetadataExport, each
 * format behind its own flag) and Share filters (exportShareFilters); then 'N of M'.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import FilterAltOff from '@mui/icons-material/FilterAltOff';
import Redo from '@mui/icons-material/Redo';
import Refresh from '@mui/icons-material/Refresh';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Undo from '@mui/icons-material/Undo';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import type { Permission } from '@tessera/domain';
import type { ExportFormat } from '../../api/slide-export.ts';
import { EXPORT_LABELS } from '../slide-export/index.ts';
import { SearchField } from '../../ui/SearchField.tsx';

/** Each export and the permission besides slideMetadataExport it needs (spec 1 §6 gating). */
const EXPORTS: [ExportFormat, Permission][] = [
  ['metadata-csv', 'exportCsv'],
  ['ido-csv', 'exportIdo'],
  ['pyportal-config', 'exportPyportalConfig'],
];

interface Props {
  isMain: boolean;
  permissions: ReadonlySet<Permission>;
  searchText: string;
  onSearchText: (text: string) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  onRefresh: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onColumns: (anchor: HTMLElement) => void;
  onImport: () => void;
  onExport: (format: ExportFormat) => void;
  onShare: () => void;
  isSaving: boolean;
  countText: string;
}

export function SlideTableToolbar(props: Props) {
  const { isMain, permissions } = props;
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null);
  const exports = permissions.has('slideMetadataExport')
    ? EXPORTS.filter(([, flag]) => permissions.has(flag))
    : [];
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        flexWrap: 'wrap',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <SearchField
        label="Search slides"
        size="small"
        value={props.searchText}
        onChange={(e) => props.onSearchText(e.target.value)}
        sx={{ width: 280 }}
      />
      <Button
        size="small"
        startIcon={<FilterAltOff />}
        disabled={!props.hasFilters}
        onClick={props.onClearFilters}
      >
        Clear filters
      </Button>
      <Tooltip title="Refresh">
        <IconButton aria-label="Refresh" onClick={props.onRefresh}>
          <Refresh />
        </IconButton>
      </Tooltip>
      <Tooltip title="Undo (Ctrl+Z)">
        <span>
          <IconButton aria-label="Undo" disabled={!props.canUndo} onClick={props.onUndo}>
            <Undo />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Redo (Ctrl+Y)">
        <span>
          <IconButton aria-label="Redo" disabled={!props.canRedo} onClick={props.onRedo}>
            <Redo />
          </IconButton>
        </span>
      </Tooltip>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        onClick={(e) => props.onColumns(e.currentTarget)}
      >
        Columns
      </Button>
      {isMain && permissions.has('slideMetadataManage') && (
        <Button size="small" startIcon={<FileUploadOutlined />} onClick={props.onImport}>
          Import CSV
        </Button>
      )}
      {isMain && exports.length > 0 && (
        <>
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={(e) => setExportMenu(e.currentTarget)}
            aria-haspopup="menu"
          >
            Export
          </Button>
          <Menu anchorEl={exportMenu} open={!!exportMenu} onClose={() => setExportMenu(null)}>
            {exports.map(([format]) => (
              <MenuItem
                key={format}
                onClick={() => {
                  setExportMenu(null);
                  props.onExport(format);
                }}
              >
                {EXPORT_LABELS[format]}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {isMain && permissions.has('exportShareFilters') && (
        <Button size="small" startIcon={<ShareOutlined />} onClick={props.onShare}>
          Share filters
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {props.isSaving && <CircularProgress size={16} aria-label="Saving" />}
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="slide-count">
        {props.countText}
      </Typography>
    </Box>
  );
}
