/**
 * One upload item in the Upload panel (spec 1 §3 "Upload item", §4 group rows): its name, size, project,
 * state (its files' by the group rule) and progress; an item of several files lists them — each with its
 * relative path, state and progress — under a toggle.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { entrySize, entryState, type UploadEntry, type UploadFileEntry } from './upload-queue.ts';
import { UploadStateChip } from './UploadStateChip.tsx';

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function UploadItemRow({ entry }: { entry: UploadEntry }) {
  const [isOpen, setOpen] = useState(false);
  const state = entryState(entry);
  const size = entrySize(entry);
  const sent = entry.files.reduce((n, f) => n + f.sent, 0);
  const isGroup = entry.files.length > 1;
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid="upload-row"
    >
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography sx={{ flex: 1, fontWeight: 500, wordBreak: 'break-all' }}>{entry.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {isGroup && `${entry.files.length} files · `}
          {sizeText(size)} · {entry.projectName}
        </Typography>
        <UploadStateChip state={state} />
      </Stack>
      {state === 'InProgress' && (
        <LinearProgress
          variant="determinate"
          value={size > 0 ? (100 * sent) / size : 0}
          aria-label={`${entry.name} sent`}
          sx={{ mt: 1 }}
        />
      )}
      {entry.message && (
        <Typography variant="body2" color={state === 'Failed' ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
          {entry.message}
        </Typography>
      )}
      {isGroup && (
        <>
          <Button
            size="small"
            onClick={() => setOpen(!isOpen)}
            aria-expanded={isOpen}
            sx={{ mt: 0.5, px: 0.5 }}
          >
            {isOpen ? 'Hide files' : 'Show files'}
          </Button>
          {isOpen && (
            <Stack
              component="ul"
              spacing={0.5}
              aria-label={`Files of ${entry.name}`}
              sx={{ listStyle: 'none', pl: 2, m: 0 }}
            >
              {entry.files.map((file) => (
                <FileRow key={file.relativePath} file={file} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}

function FileRow({ file }: { file: UploadFileEntry }) {
  return (
    <Box component="li" data-testid="upload-file-row">
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-all' }}>
          {file.relativePath}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {sizeText(file.file.size)}
        </Typography>
        <UploadStateChip state={file.state} />
      </Stack>
      {file.state === 'InProgress' && file.sent > 0 && (
        <LinearProgress
          variant="determinate"
          value={(100 * file.sent) / file.file.size}
          aria-label={`${file.relativePath} sent`}
          sx={{ mt: 0.5, height: 2 }}
        />
      )}
    </Box>
  );
}
