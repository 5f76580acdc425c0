/**
 * The Region Annotations list of the Annotations tab (spec 3 §2): the set's regions grouped by class, at
 * most 1000 listed per class (spec 2 §9), a lock icon on locked ones. Selection is the viewer's, both
 * ways: a click selects on the map (Shift or Ctrl/⌘ adds), a selection made on the map is marked here. A
 * right click offers 'Zoom to' and the viewer's Delete, Lock and Unlock Annotations; a double click zooms.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  boundingBoxOf,
  classOf,
  REGION_ANNOTATION_TYPES,
  REGION_FLAGS,
  type AnnotationClass,
  type BinaryRegions,
} from '@tessera/domain';
import { ActionMenuItem } from '../../../actions/ActionButton.tsx';
import { fetchRegionsAt, type ShownSet } from '../../../api/annotation-sets.ts';
import { useNotify } from '../../../app/notify.tsx';
import { messageOf } from '../../../api/queries.ts';
import type { ViewerAnnotationsLink } from './viewer-annotations.ts';

/** Spec 2 §9 "Max annotations per class in panel". */
const MAX_LISTED_PER_CLASS = 1000;

interface Row {
  id: string;
  type: string;
  isLocked: boolean;
  x: number;
  y: number;
}

interface Group {
  classId: string;
  rows: Row[];
  total: number;
}

function groupsOf(regions: BinaryRegions): Group[] {
  const byClass = new Map<string, Group>();
  for (let i = 0; i < regions.ids.length; i++) {
    const classId = regions.classNames[regions.classIndex[i]!]!;
    let group = byClass.get(classId);
    if (!group) byClass.set(classId, (group = { classId, rows: [], total: 0 }));
    group.total++;
    if (group.rows.length >= MAX_LISTED_PER_CLASS) continue;
    const vertex = regions.vertexStart[regions.ringStart[i]!]!;
    group.rows.push({
      id: String(regions.ids[i]),
      type: REGION_ANNOTATION_TYPES[regions.type[i]!] ?? 'Freehand',
      isLocked: (regions.flags[i]! & REGION_FLAGS.locked) !== 0,
      x: regions.xy[vertex * 2]!,
      y: regions.xy[vertex * 2 + 1]!,
    });
  }
  return [...byClass.values()].sort((a, b) => a.classId.localeCompare(b.classId));
}

export function RegionList({
  set,
  regions,
  classes,
  link,
}: {
  set: ShownSet;
  regions: BinaryRegions;
  classes: ReadonlyMap<string, AnnotationClass>;
  link: ViewerAnnotationsLink | null;
}) {
  const notify = useNotify();
  const groups = useMemo(() => groupsOf(regions), [regions]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [menu, setMenu] = useState<{ row: Row; x: number; y: number } | null>(null);
  const selection = link?.selection ?? new Set<string>();

  const select = (row: Row, isAdding: boolean) => {
    if (!link) return;
    if (!isAdding) return link.select(new Set([row.id]));
    const next = new Set(selection);
    if (next.has(row.id)) next.delete(row.id);
    else next.add(row.id);
    link.select(next);
  };
  const zoomTo = async (row: Row) => {
    try {
      const found = (await fetchRegionsAt(set, row.x, row.y)).find((r) => r.id === row.id);
      if (found) link?.showBox(boundingBoxOf(found.geometry));
    } catch (error) {
      notify(messageOf(error), 'error');
    }
  };

  if (groups.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No region annotations in this set.
      </Typography>
    );
  return (
    <>
      <List dense disablePadding aria-label="Region Annotations">
        {groups.map((group) => {
          const c = classOf(classes, group.classId);
          const isOpen = !collapsed.has(group.classId);
          return (
            <Box key={group.classId} component="li" sx={{ listStyle: 'none' }}>
              <ListItemButton
                aria-expanded={isOpen}
                onClick={() =>
                  setCollapsed((s) => {
                    const next = new Set(s);
                    if (isOpen) next.add(group.classId);
                    else next.delete(group.classId);
                    return next;
                  })
                }
              >
                <ListItemIcon sx={{ minWidth: 24 }}>
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: 2, background: c.color }} />
                </ListItemIcon>
                <ListItemText primary={`${c.name} (${group.total.toLocaleString('en-US')})`} />
                {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </ListItemButton>
              <Collapse in={isOpen} unmountOnExit>
                <List dense disablePadding aria-label={c.name}>
                  {group.rows.map((row) => (
                    <ListItemButton
                      key={row.id}
                      sx={{ pl: 5, minHeight: 30 }}
                      selected={selection.has(row.id)}
                      onClick={(event) => select(row, event.shiftKey || event.ctrlKey || event.metaKey)}
                      onDoubleClick={() => void zoomTo(row)}
                      onContextMenu={(event) => {
                        event.preventDefault();
                        if (!selection.has(row.id)) select(row, false);
                        setMenu({ row, x: event.clientX, y: event.clientY });
                      }}
                    >
                      <ListItemText
                        primary={row.type === 'Ruler' ? `Ruler ${row.id}` : `Annotation ${row.id}`}
                      />
                      {row.isLocked && <LockOutlined fontSize="small" aria-label="Locked" />}
                    </ListItemButton>
                  ))}
                  {group.total > group.rows.length && (
                    <Typography variant="caption" color="text.secondary" sx={{ pl: 5 }}>
                      {`The first ${MAX_LISTED_PER_CLASS.toLocaleString('en-US')} of ${group.total.toLocaleString('en-US')}`}
                    </Typography>
                  )}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
      {menu && (
        <Menu
          open
          onClose={() => setMenu(null)}
          anchorReference="anchorPosition"
          anchorPosition={{ top: menu.y, left: menu.x }}
          transitionDuration={{ exit: 0 }}
          slotProps={{ list: { dense: true, 'aria-label': 'Region menu' } }}
        >
          <MenuItem
            onClick={() => {
              setMenu(null);
              void zoomTo(menu.row);
            }}
          >
            Zoom to
          </MenuItem>
          {link &&
            [
              'viewer.editAnnotationMetadata',
              'viewer.deleteAnnotations',
              'viewer.lockAnnotations',
              'viewer.unlockAnnotations',
              'viewer.copyAnnotationUrl',
            ].map((id) => (
              <ActionMenuItem key={id} action={link.actions.get(id)} onDone={() => setMenu(null)} />
            ))}
        </Menu>
      )}
    </>
  );
}
