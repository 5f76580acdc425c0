/**
 * The Annotation classes tab (#classes; spec 2 §3 "Annotation class", spec 1 §7; issue #13 point 1): the
 * project's region and cell-marker classes with their colours, as the viewer's tools offer them. Holders
 * of projectSettingsManage add, rename, recolour, reorder and remove classes and save the list as a
 * whole; everyone else reads it. Annotations of a removed class keep its id and are drawn as the default
 * class, which the hint says before a save.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  ANNOTATION_CLASS_TYPE_LABELS,
  ANNOTATION_CLASS_TYPES,
  type AnnotationClass,
  type AnnotationClassType,
} from '@tessera/domain';
import {
  CLASSES_FETCH_FAILED,
  useAnnotationClasses,
  useSaveAnnotationClasses,
} from '../../api/annotation-classes.ts';
import { messageOf } from '../../api/queries.ts';
import { useNotify } from '../../app/notify.tsx';
import { useCurrentProject } from '../projects/index.ts';
import {
  classesOf,
  grouped,
  isAtEnd,
  isChanged,
  listProblem,
  moved,
  newRow,
  rowProblems,
  rowsOf,
  type ClassRow,
} from './annotation-class-rows.ts';

export const READ_ONLY_HINT = 'Only users who manage the project settings can change its classes.';

export function AnnotationClassesTab() {
  const { project } = useCurrentProject();
  const classes = useAnnotationClasses(project.id);
  if (classes.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {CLASSES_FETCH_FAILED}: {messageOf(classes.error)}
      </Alert>
    );
  if (!classes.data)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        Loading classes…
      </Typography>
    );
  // A new list from the server (saved here or elsewhere) starts the editor afresh.
  return (
    <ClassEditor
      key={classes.dataUpdatedAt}
      saved={[...classes.data.freehandClasses, ...classes.data.cmaClasses]}
    />
  );
}

function ClassEditor({ saved }: { saved: AnnotationClass[] }) {
  const { project, permissions } = useCurrentProject();
  const canManage = permissions.has('projectSettingsManage');
  const [rows, setRows] = useState<ClassRow[]>(() => rowsOf(saved));
  const save = useSaveAnnotationClasses(project.id);
  const notify = useNotify();

  const problems = new Map(rows.map((r) => [r.key, rowProblems(r)]));
  const problem = listProblem(rows);
  const hasProblems = problem !== null || [...problems.values()].some((p) => Object.keys(p).length > 0);
  const changed = isChanged(rows, saved);
  const removedIds = saved
    .map((c) => c.classId)
    .filter((id) => !rows.some((r) => r.isSaved && r.classId === id));
  const change = (key: string, patch: Partial<ClassRow>) =>
    setRows((now) => {
      const next = now.map((r) => (r.key === key ? { ...r, ...patch } : r));
      return patch.type
        ? grouped([...next.filter((r) => r.key !== key), next.find((r) => r.key === key)!])
        : next;
    });

  const submit = async () => {
    try {
      await save.mutateAsync(classesOf(rows));
      notify('Annotation classes saved', 'success');
    } catch (error) {
      notify(`Annotation classes could not be saved: ${messageOf(error)}`, 'error');
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: 720 }}>
        The classes the viewer offers for region annotations and cell markers, in this order. An annotation
        keeps its class id; one whose class is not listed is drawn as the default class.
      </Typography>
      {!canManage && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {READ_ONLY_HINT}
        </Alert>
      )}
      <Table size="small" aria-label="Annotation classes" sx={{ maxWidth: 960 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>Colour</TableCell>
            <TableCell>Class id</TableCell>
            <TableCell>Name</TableCell>
            <TableCell sx={{ width: 190 }}>Type</TableCell>
            {canManage && <TableCell sx={{ width: 130 }} aria-label="Actions" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <ClassRowView
              key={row.key}
              row={row}
              problems={problems.get(row.key) ?? {}}
              canManage={canManage}
              isFirst={isAtEnd(rows, row.key, -1)}
              isLast={isAtEnd(rows, row.key, 1)}
              onChange={(patch) => change(row.key, patch)}
              onMove={(by) => setRows((now) => moved(now, row.key, by))}
              onRemove={() => setRows((now) => now.filter((r) => r.key !== row.key))}
            />
          ))}
        </TableBody>
      </Table>
      {canManage && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          {ANNOTATION_CLASS_TYPES.map((type) => (
            <Button
              key={type}
              size="small"
              startIcon={<AddOutlined />}
              onClick={() => setRows((now) => grouped([...now, newRow(type)]))}
            >
              Add {ANNOTATION_CLASS_TYPE_LABELS[type].toLowerCase()} class
            </Button>
          ))}
        </Stack>
      )}
      {problem && (
        <Alert severity="warning" sx={{ mt: 1.5, maxWidth: 720 }}>
          {problem}
        </Alert>
      )}
      {removedIds.length > 0 && (
        <Alert severity="info" sx={{ mt: 1.5, maxWidth: 720 }}>
          Annotations of {removedIds.join(', ')} will be drawn as the default class.
        </Alert>
      )}
      {canManage && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" disabled={!changed || hasProblems || save.isPending} onClick={submit}>
            Save
          </Button>
          <Button disabled={!changed || save.isPending} onClick={() => setRows(rowsOf(saved))}>
            Cancel
          </Button>
        </Stack>
      )}
    </Box>
  );
}

interface RowProps {
  row: ClassRow;
  problems: Partial<Record<keyof AnnotationClass, string>>;
  canManage: boolean;
  isFirst: boolean;
  isLast: boolean;
  onChange(patch: Partial<ClassRow>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

function ClassRowView({ row, problems, canManage, isFirst, isLast, onChange, onMove, onRemove }: RowProps) {
  const label = row.name || row.classId || 'new class';
  if (!canManage)
    return (
      <TableRow>
        <TableCell>
          <Swatch color={row.color} />
        </TableCell>
        <TableCell>{row.classId}</TableCell>
        <TableCell>{row.name}</TableCell>
        <TableCell>{ANNOTATION_CLASS_TYPE_LABELS[row.type]}</TableCell>
      </TableRow>
    );
  return (
    <TableRow>
      <TableCell>
        <Box
          component="input"
          type="color"
          value={row.color}
          aria-label={`Colour of ${label}`}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange({ color: e.target.value })}
          sx={{ width: 40, height: 28, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={row.classId}
          disabled={row.isSaved}
          inputProps={{ 'aria-label': `Class id of ${label}`, maxLength: 64 }}
          error={Boolean(problems.classId)}
          helperText={problems.classId}
          onChange={(e) => onChange({ classId: e.target.value })}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          value={row.name}
          inputProps={{ 'aria-label': `Name of ${label}`, maxLength: 128 }}
          error={Boolean(problems.name)}
          helperText={problems.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          fullWidth
          value={row.type}
          inputProps={{ 'aria-label': `Type of ${label}` }}
          onChange={(e) => onChange({ type: e.target.value as AnnotationClassType })}
        >
          {ANNOTATION_CLASS_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ANNOTATION_CLASS_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <Tooltip title="Move up">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${label} up`}
              disabled={isFirst}
              onClick={() => onMove(-1)}
            >
              <ArrowUpwardOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${label} down`}
              disabled={isLast}
              onClick={() => onMove(1)}
            >
              <ArrowDownwardOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Remove">
          <IconButton size="small" aria-label={`Remove ${label}`} onClick={onRemove}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

function Swatch({ color }: { color: string }) {
  return (
    <Box
      aria-label={`Colour ${color}`}
      role="img"
      sx={{ width: 20, height: 20, borderRadius: 0.5, bgcolor: color, border: 1, borderColor: 'divider' }}
    />
  );
}
