/**
 * The version box (spec 2 §4 "Annotation set versions"; spec 3 §5 download): a small window the user
 * drags by its title, over the viewer. It names the set, offers its versions by creation time in a
 * dropdown (choosing one shows it in the viewer, read-only), and for the chosen version its collection
 * tags, its author, Download (a job: spec 3 §5's notice) and Close. Holders of annotationsManage make a
 * version of the working state and tag or untag versions. 'No versions available' when none was made.
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { DOWNLOAD_VERSION_STARTED, versionTagSchema } from '@tessera/domain';
import { useSetVersions, useVersionEdits } from '../../../api/annotation-sets.ts';
import { useMembers } from '../../../api/members.ts';
import { useCurrentProject } from '../../projects/index.ts';
import { messageOf } from '../../../api/queries.ts';
import { useNotify } from '../../../app/notify.tsx';

export const NO_VERSIONS = 'No versions available';
const WORKING = 'working';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function VersionBox({
  projectId,
  slideId,
  set,
  version,
  canManage,
  onChooseVersion,
  onClose,
}: {
  projectId: string;
  slideId: string;
  set: { id: string; name: string };
  /** The version the viewer shows; null for the working state. */
  version: number | null;
  canManage: boolean;
  onChooseVersion: (version: number | null) => void;
  onClose: () => void;
}) {
  const notify = useNotify();
  const data = useSetVersions(projectId, set.id);
  const edits = useVersionEdits(projectId, slideId, set.id);
  const [at, setAt] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [tag, setTag] = useState('');
  const versions = data.data?.versions ?? [];
  const chosen = versions.find((v) => v.version === version) ?? null;
  const tags = (data.data?.collections ?? []).filter((c) => c.version === version);
  const tagCheck = versionTagSchema.safeParse(tag);
  const failed = (error: unknown) => notify(messageOf(error), 'error');
  // The author by e-mail where the user may see the project's members, else by id.
  const { permissions } = useCurrentProject();
  const members = useMembers(projectId, permissions.has('projectMembersView'));
  const authorOf = (userId: string | null) =>
    userId === null ? 'unknown' : (members.data?.find((m) => m.userId === userId)?.email ?? userId);

  return (
    <Paper
      role="dialog"
      aria-label="Versions"
      elevation={8}
      sx={{
        position: 'fixed',
        top: 120,
        right: 24,
        width: 320,
        zIndex: 1200,
        transform: `translate(${at.x}px, ${at.y}px)`,
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        sx={{ px: 1.5, py: 0.5, cursor: 'move', borderBottom: 1, borderColor: 'divider', userSelect: 'none' }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = { x: event.clientX - at.x, y: event.clientY - at.y };
        }}
        onPointerMove={(event) => {
          if (drag.current) setAt({ x: event.clientX - drag.current.x, y: event.clientY - drag.current.y });
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
      >
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} title={set.name}>
          {set.name}
        </Typography>
        <IconButton size="small" aria-label="Close versions" onClick={onClose}>
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      <Stack spacing={1.5} sx={{ p: 1.5 }}>
        {data.isError && (
          <Typography variant="body2" color="error">
            {messageOf(data.error)}
          </Typography>
        )}
        {data.isSuccess && versions.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {NO_VERSIONS}
          </Typography>
        )}
        {versions.length > 0 && (
          <FormControl size="small" fullWidth>
            <InputLabel id="version-box-label">Version</InputLabel>
            <Select
              labelId="version-box-label"
              label="Version"
              value={version === null ? WORKING : String(version)}
              onChange={(event) =>
                onChooseVersion(event.target.value === WORKING ? null : Number(event.target.value))
              }
            >
              <MenuItem value={WORKING}>Working version</MenuItem>
              {versions.map((v) => (
                <MenuItem key={v.version} value={String(v.version)}>
                  {`Version ${v.version} · ${when(v.createdAt)}`}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        {chosen && (
          <>
            <Typography variant="body2">
              Author: <strong>{authorOf(chosen.createdBy)}</strong>
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Collection tags">
              {tags.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  No collection tags
                </Typography>
              )}
              {tags.map((c) => (
                <Chip
                  key={c.id}
                  size="small"
                  label={c.tag}
                  onDelete={canManage ? () => edits.untag.mutate(c.id, { onError: failed }) : undefined}
                />
              ))}
            </Box>
            {canManage && (
              <Stack
                direction="row"
                spacing={1}
                component="form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!tagCheck.success) return;
                  edits.tag.mutate(
                    { version: chosen.version, tag: tagCheck.data },
                    { onSuccess: () => setTag(''), onError: failed },
                  );
                }}
              >
                <TextField
                  size="small"
                  label="Tag"
                  value={tag}
                  onChange={(event) => setTag(event.target.value)}
                  error={tag !== '' && !tagCheck.success}
                  helperText={tag !== '' && !tagCheck.success ? tagCheck.error.issues[0]?.message : undefined}
                  sx={{ flex: 1 }}
                />
                <Button type="submit" disabled={!tagCheck.success || edits.tag.isPending}>
                  Add tag
                </Button>
              </Stack>
            )}
          </>
        )}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {canManage && (
            <Button
              disabled={edits.make.isPending}
              onClick={() =>
                edits.make.mutate(undefined, {
                  onSuccess: (made) => onChooseVersion(made.version),
                  onError: failed,
                })
              }
            >
              Make version
            </Button>
          )}
          <Button
            disabled={!chosen || edits.download.isPending}
            onClick={() =>
              chosen &&
              edits.download.mutate(chosen.version, {
                onSuccess: () => notify(DOWNLOAD_VERSION_STARTED, 'success'),
                onError: failed,
              })
            }
          >
            Download
          </Button>
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
