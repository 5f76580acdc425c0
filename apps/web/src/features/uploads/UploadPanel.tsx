/**
 * The Upload panel (spec 1 §2, §3, §4): half the window's width from the right, a drop zone — 'Drop slides
 * on this panel to upload them to project {project}' — with file and folder choosers, the list of this
 * tab's upload items with their state and progress (an item of several files — an MRXS file with its
 * data folder, a DICOM folder — as a group row over its files), Start upload (while files not begun
 * exist) and Clear history (while finished or failed items do). Dropping anywhere on the panel adds the
 * files and folders, grouped into items by the domain's planUploadItems.
 */
import { useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import {
  canStartUpload,
  isUploadHistory,
  planUploadItems,
  UPLOAD_MESSAGES,
  type DroppedFile,
} from '@tessera/domain';
import { PanelHeader } from '../../ui/PanelHeader.tsx';
import { entriesOf, filesOfChooser, filesOfEntries } from './dropped-files.ts';
import { uploadQueue } from './upload-queue.ts';
import { UploadItemRow } from './UploadItemRow.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  project: { id: string; name: string };
}

export function UploadPanel({ open, onClose, project }: Props) {
  const entries = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.snapshot);
  const [isOver, setOver] = useState(false);
  const [ignored, setIgnored] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const states = entries.flatMap((e) => e.files.map((f) => f.state));

  const addFiles = (files: DroppedFile<File>[]) => {
    const plan = planUploadItems(files);
    setIgnored(plan.ignored);
    if (plan.items.length > 0) uploadQueue.add(project.id, project.name, plan.items);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    // The drop's entries are read now: the event's items are empty once it has been handled.
    void filesOfEntries(entriesOf(event.dataTransfer)).then(addFiles);
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
            <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                Choose files
              </Button>
              <Button variant="outlined" onClick={() => folderInput.current?.click()}>
                Choose folder
              </Button>
            </Stack>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              aria-label="Slide files"
              onChange={(e) => {
                addFiles(filesOfChooser(e.target.files ?? []));
                e.target.value = '';
              }}
            />
            <input
              ref={folderInput}
              type="file"
              hidden
              aria-label="Slide folder"
              // A folder's files, each with its path below it (an MRXS data folder, a DICOM series).
              {...{ webkitdirectory: '' }}
              onChange={(e) => {
                addFiles(filesOfChooser(e.target.files ?? []));
                e.target.value = '';
              }}
            />
            {ignored.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} title={ignored.join('\n')}>
                {ignored.length === 1
                  ? `1 file in the folders is not a slide file and was left out: ${ignored[0]}`
                  : `${ignored.length} files in the folders are not slide files and were left out`}
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
                <UploadItemRow key={entry.key} entry={entry} />
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
            disabled={!entries.some((e) => isUploadHistory(e.files.map((f) => f.state)))}
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
