/**
 * The Upload panel (spec 1 §2, §4): half the window's width from the right, a drop zone — 'Drop slides on
 * this panel to upload them to project {project}' — with a file chooser, the list of this tab's uploads
 * with their state and progress, Start upload (while files not begun exist) and Clear history (while
 * finished or failed ones do). Dropping anywhere on the panel adds the files; folders are not taken
 * (a slide of several files, such as MRXS with its data folder, is not uploaded yet).
 */
import { useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { canStartUpload, isUploadHistory, UPLOAD_MESSAGES } from '@tessera/domain';
import { PanelHeader } from '../../ui/PanelHeader.tsx';
import { uploadQueue, type UploadEntry } from './upload-queue.ts';
import { UploadStateChip } from './UploadStateChip.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  project: { id: string; name: string };
}

export function UploadPanel({ open, onClose, project }: Props) {
  const entries = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot);
  const [isOver, setOver] = useState(false);
  const [folderNote, setFolderNote] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const states = entries.map((e) => e.state);

  const addFiles = (files: File[]) => {
    if (files.length > 0) uploadQueue.add(project.id, project.name, files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const items = [...event.dataTransfer.items];
    const isFolder = (item: DataTransferItem) => item.webkitGetAsEntry?.()?.isDirectory === true;
    setFolderNote(items.some(isFolder));
    addFiles(
      items
        .filter((item) => item.kind === 'file' && !isFolder(item))
        .map((item) => item.getAsFile())
        .filter((f): f is File => f !== null),
    );
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100vw', md: '50vw' }, minWidth: { md: 480 } } } }}
    >
      <Box
        role="region"
        aria-label="Upload slides"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <PanelHeader title="Upload slides" onClose={onClose} />
        <Box sx={{ p: 2 }}>
          <Box
            data-testid="upload-drop-zone"
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: isOver ? 'primary.main' : 'divider',
              bgcolor: isOver ? 'action.hover' : 'background.default',
              borderRadius: 2,
              py: 4,
              px: 2,
              textAlign: 'center',
            }}
          >
            <CloudUploadOutlined color="primary" sx={{ fontSize: 40 }} />
            <Typography sx={{ mt: 1 }}>{UPLOAD_MESSAGES.dropZone(project.name)}</Typography>
            <Button variant="outlined" sx={{ mt: 2 }} onClick={() => input.current?.click()}>
              Choose files
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label="Slide files"
              onChange={(e) => {
                addFiles([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
            {folderNote && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Folders are not uploaded yet: drop the slide files themselves.
              </Typography>
            )}
          </Box>
        </Box>
        <Box sx={{ flex: 1, overflow: 'auto', px: 2 }}>
          {entries.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              No uploads yet.
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Uploads">
              {entries.map((entry) => (
                <UploadRow key={entry.key} entry={entry} />
              ))}
            </Stack>
          )}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          justifyContent="flex-end"
          sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
        >
          <Button
            onClick={() => uploadQueue.clearHistory()}
            disabled={!entries.some((e) => isUploadHistory([e.state]))}
          >
            Clear history
          </Button>
          <Button variant="contained" onClick={() => uploadQueue.start()} disabled={!canStartUpload(states)}>
            Start upload
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function UploadRow({ entry }: { entry: UploadEntry }) {
  const share = entry.file.size > 0 ? (100 * entry.sent) / entry.file.size : 0;
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid="upload-row"
    >
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography sx={{ flex: 1, fontWeight: 500, wordBreak: 'break-all' }}>{entry.file.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {sizeText(entry.file.size)} · {entry.projectName}
        </Typography>
        <UploadStateChip state={entry.state} />
      </Stack>
      {entry.state === 'InProgress' && (
        <LinearProgress
          variant="determinate"
          value={share}
          aria-label={`${entry.file.name} sent`}
          sx={{ mt: 1 }}
        />
      )}
      {entry.message && (
        <Typography
          variant="body2"
          color={entry.state === 'Failed' ? 'error' : 'text.secondary'}
          sx={{ mt: 0.5 }}
        >
          {entry.message}
        </Typography>
      )}
    </Box>
  );
}
