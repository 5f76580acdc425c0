/** Page 1, Select File (spec 1 §4, §5): a .csv chosen or dropped, checked as it is read. */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { readCsvStart, type CsvFileStart } from './csv-file.ts';

export interface ChosenFile {
  file: File;
  start: CsvFileStart;
}

export function SelectFileStep({
  chosen,
  onChosen,
}: {
  chosen: ChosenFile | null;
  onChosen: (chosen: ChosenFile | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [isReading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isOver, setOver] = useState(false);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setError(null);
    onChosen(null);
    try {
      const start = await readCsvStart(file);
      if ('error' in start) setError(start.error);
      else onChosen({ file, start });
    } catch {
      setError('The file could not be read.');
    } finally {
      setReading(false);
    }
  };

  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void read(e.dataTransfer.files[0]);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
        bgcolor: isOver ? 'action.hover' : undefined,
      }}
    >
      <UploadFileOutlined color="action" sx={{ fontSize: 40 }} />
      <Typography sx={{ mt: 1 }}>Drop a CSV file here, or</Typography>
      <Button variant="outlined" sx={{ mt: 1 }} onClick={() => input.current?.click()} disabled={isReading}>
        Choose file
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="CSV file"
        onChange={(e) => {
          void read(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Comma- or semicolon-separated, one header row. Slides are matched by file name, with or without its
        extension.
      </Typography>
      {isReading && <CircularProgress size={20} sx={{ mt: 2 }} aria-label="Reading the file" />}
      {error && (
        <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }}>
          {error}
        </Alert>
      )}
      {chosen && !error && (
        <Alert severity="success" sx={{ mt: 2, textAlign: 'left' }}>
          {chosen.file.name}: {chosen.start.header.length} columns, separated by '{chosen.start.delimiter}'.
        </Alert>
      )}
    </Box>
  );
}
