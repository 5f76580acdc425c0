/**
 * The side panel's Slides tab (spec 3 §2): the slide list as a server-side grid — the slide table's
 * filter, search and sort, which it also changes (previous/next follow what it shows) — with 'N of M
 * slides', row grouping, the open slide's row marked, group rows greyed, and 'Open Slide' / 'Open Slide in
 * New Tab' on a row's menu. Beyond 10,000 slides only the open slide's block is listed, with the warning
 * of spec 3 §2.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { SLIDE_LIST_MESSAGES, type FieldDescriptor } from '@tessera/domain';
import type { FilterModel } from '@tessera/contract';
import { rememberSlideList, slideListQueryOf, useSlideList } from '../../../api/slide-list.ts';
import {
  fetchFilterValues,
  fetchGrid,
  useFieldDescriptors,
  useSlideCount,
} from '../../../api/slide-table.ts';
import { useNotify } from '../../../app/notify.tsx';
import { defaultColumnState, type ColumnState } from '../../../grid/column-state.ts';
import { DataGrid } from '../../../grid/DataGrid.tsx';
import type { Row } from '../../../grid/types.ts';
import type { ViewerNavigation } from '../viewer-actions.ts';

/** The columns of the list: enough to tell slides apart and to group them. */
const LIST_FIELDS = ['fileName', 'blockId', 'assays', 'status'];
const TABLE_ID = 'slideMetadataView';

interface SlidesTabProps {
  projectId: string;
  /** The active viewer's slide and its block (undefined while it loads). */
  slideId: string;
  blockId: string | null | undefined;
  navigation: ViewerNavigation;
}

export function SlidesTab(props: SlidesTabProps) {
  const descriptors = useFieldDescriptors(props.projectId, TABLE_ID);
  const fields = useMemo(
    () => (descriptors.data ?? []).filter((f) => LIST_FIELDS.includes(f.fieldName)),
    [descriptors.data],
  );
  if (descriptors.isError)
    return <Alert severity="error">The slide list could not be loaded. Try again later.</Alert>;
  if (!descriptors.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
        <CircularProgress size={24} aria-label="Loading the slide list" />
      </Box>
    );
  return <SlideList {...props} fields={fields} />;
}

function SlideList({
  projectId,
  slideId,
  blockId,
  navigation,
  fields,
}: SlidesTabProps & { fields: FieldDescriptor[] }) {
  const notify = useNotify();
  // The list starts as the slide table left it: its filter, search and sort.
  const [remembered] = useState(() => slideListQueryOf(projectId));
  const [filterModel, setFilterModel] = useState<FilterModel>(remembered.filterModel);
  const [columnState, setColumnState] = useState<ColumnState>(() => ({
    ...defaultColumnState(fields),
    sort: remembered.sortModel,
  }));
  const [filtered, setFiltered] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; slideId: string } | null>(null);
  const total = useSlideCount(projectId, 0);
  const list = useSlideList(projectId, blockId);
  const isBlockOnly = list.data?.isBlockOnly ?? false;
  const count = isBlockOnly ? list.data!.filteredSlideCount : filtered;
  const slideIdOf = (row: Row) => String(row.slideId ?? row.id);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, minWidth: 0 }}>
      {isBlockOnly && (
        <Alert severity="warning" sx={{ borderRadius: 0 }}>
          {SLIDE_LIST_MESSAGES.tooMany} {SLIDE_LIST_MESSAGES.filterHint}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 0.5 }} aria-live="polite">
        {count === null
          ? ''
          : `${count.toLocaleString('en')} of ${(total.data?.count ?? 0).toLocaleString('en')} slides`}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flex: 1,
          minHeight: 0,
          minWidth: 0,
          // Spec 3 §2: rows that are not slides (groups) are greyed.
          '& [data-group-row]': { color: 'text.disabled' },
        }}
      >
        <DataGrid
          key={isBlockOnly ? `block-${blockId}` : 'all'}
          label="Slides"
          fields={fields}
          columnState={columnState}
          onColumnStateChange={setColumnState}
          filterModel={filterModel}
          onFilterModelChange={setFilterModel}
          globalSearchText={remembered.globalSearchText}
          refresh={0}
          fetchRows={(request, signal) => {
            rememberSlideList(projectId, request);
            const blockFilter = { filterType: 'set' as const, values: [blockId ?? null] };
            const asked = isBlockOnly
              ? { ...request, filterModel: { ...request.filterModel, blockId: blockFilter } }
              : request;
            return fetchGrid(projectId, TABLE_ID, asked, signal);
          }}
          fetchValues={(field, model, text, signal) =>
            fetchFilterValues(projectId, field, model, text, signal)
          }
          onFilteredCount={setFiltered}
          onLoadError={() => notify('The slide list could not be loaded. Try again later.', 'warning')}
          canEdit={() => false}
          onCommit={() => Promise.resolve(null)}
          onInvalid={() => undefined}
          fillHandle={false}
          alwaysRead={['fileName']}
          isRowCurrent={(row) => slideIdOf(row) === slideId}
          onRowContextMenu={(e, rows) =>
            rows[0] && setMenu({ x: e.clientX, y: e.clientY, slideId: slideIdOf(rows[0]) })
          }
          emptyMessage="No slides match the filters."
        />
      </Box>
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
      >
        <MenuItem onClick={() => (setMenu(null), navigation.replaceSlide(menu!.slideId))}>
          Open Slide
        </MenuItem>
        <MenuItem onClick={() => (setMenu(null), navigation.appendSlide(menu!.slideId))}>
          Open Slide in New Tab
        </MenuItem>
      </Menu>
    </Box>
  );
}
