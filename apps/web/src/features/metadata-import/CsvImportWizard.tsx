/**
 * The CSV import wizard (spec 1 §4, §5; needs slideMetadataManage): 1 Select File, 2 Map Columns,
 * 3 Preview (Next labelled Start Import), 4 Import (Next labelled Finish). Next waits for a valid CSV,
 * a column mapped to the file name, a preview that allows the import, and the import's end.
 */
import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import {
  autoMapColumns,
  CSV_IMPORT_OPTIONS,
  hasFileNameColumn,
  type CsvMappingRow,
  type CsvRecord,
  type FieldDescriptor,
} from '@tessera/domain';
import type { CsvImportReport } from '@tessera/contract';
import { checkCsvImport, runCsvImport } from '../../api/metadata-import.ts';
import { SLIDE_TABLE_MESSAGES } from '../../api/slide-table.ts';
import { messageOf } from '../../api/queries.ts';
import { browserDateOrder } from '../../grid/cell-format.ts';
import { readCsvRows } from './csv-file.ts';
import { importRequestOf, type ImportOptions } from './import-request.ts';
import { ImportStep, type Run } from './ImportStep.tsx';
import { MapColumnsStep } from './MapColumnsStep.tsx';
import { isImportAllowed, PreviewStep, type Check } from './PreviewStep.tsx';
import { SelectFileStep, type ChosenFile } from './SelectFileStep.tsx';

export const IMPORT_STEPS = ['Select File', 'Map Columns', 'Preview', 'Import'] as const;
const NEXT_LABELS = ['Next', 'Next', 'Start Import', 'Finish'] as const;
const DATE_ORDER = browserDateOrder();

interface Props {
  projectId: string;
  fields: readonly FieldDescriptor[];
  onClose: () => void;
  /** The import ran: the table reloads and offers its undo. */
  onImported: (report: CsvImportReport) => void;
}

export function CsvImportWizard({ projectId, fields, onClose, onImported }: Props) {
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<CsvMappingRow[]>([]);
  const [options, setOptions] = useState<ImportOptions>({
    overwrite: CSV_IMPORT_OPTIONS.overwrite.default,
    allowCorrectValues: CSV_IMPORT_OPTIONS.allowCorrectValues.default,
  });
  const [check, setCheck] = useState<Check | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const rows = useRef<{ file: File; records: CsvRecord[] } | null>(null);
  // The file the mapping was made for: Back to Select File and Next again keeps a mapping made by hand.
  const mappedFor = useRef<ChosenFile | null>(null);
  const isRunning = run?.state === 'running';

  // Leaving while the import runs asks first (spec 1 §2).
  useEffect(() => {
    if (!isRunning) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isRunning]);

  const requestFor = async (file: File, opts: ImportOptions) => {
    if (rows.current?.file !== file)
      rows.current = { file, records: await readCsvRows(file, chosen!.start.delimiter) };
    return importRequestOf(file.name, rows.current.records, mapping, opts, DATE_ORDER);
  };

  const runCheck = async (opts: ImportOptions) => {
    const file = chosen!.file;
    setCheck({ state: 'checking', lines: rows.current?.file === file ? rows.current.records.length : 0 });
    try {
      setCheck({ state: 'checked', report: await checkCsvImport(projectId, await requestFor(file, opts)) });
    } catch (error) {
      setCheck({ state: 'failed', message: messageOf(error) });
    }
  };

  const runImport = async () => {
    setRun({ state: 'running', done: 0, total: 0 });
    try {
      const report = await runCsvImport(projectId, await requestFor(chosen!.file, options), (done, total) =>
        setRun({ state: 'running', done, total }),
      );
      setRun({ state: 'finished', report });
      onImported(report);
    } catch (error) {
      setRun({ state: 'failed', message: SLIDE_TABLE_MESSAGES.updateFailed(messageOf(error)) });
    }
  };

  const canGoOn = [
    chosen !== null,
    hasFileNameColumn(mapping),
    isImportAllowed(check, options),
    run !== null && run.state !== 'running',
  ][page]!;

  const next = () => {
    if (page === 0 && mappedFor.current !== chosen) {
      mappedFor.current = chosen;
      setMapping(autoMapColumns(chosen!.start.header, fields));
    }
    if (page === 1) void runCheck(options);
    if (page === 2) void runImport();
    if (page === 3) return onClose();
    setPage(page + 1);
  };

  return (
    // lg: the preview shows one column per mapped field, and files often map many.
    <Dialog
      open
      onClose={() => !isRunning && onClose()}
      fullWidth
      maxWidth="lg"
      aria-labelledby="csv-import-title"
    >
      <DialogTitle id="csv-import-title">Import slide metadata from CSV</DialogTitle>
      <DialogContent>
        <Stepper activeStep={page} sx={{ mb: 3 }}>
          {IMPORT_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {page === 0 && (
          <SelectFileStep
            chosen={chosen}
            onChosen={(c) => {
              setChosen(c);
              setCheck(null);
            }}
          />
        )}
        {page === 1 && (
          <MapColumnsStep
            fields={fields}
            mapping={mapping}
            sample={chosen?.start.preview[0]}
            onChange={setMapping}
          />
        )}
        {page === 2 && (
          <PreviewStep
            fields={fields}
            mapping={mapping}
            preview={chosen?.start.preview ?? []}
            check={check}
            options={options}
            onOptionsChange={(changed) => {
              setOptions(changed);
              // Overwriting changes which values are written; the check says so again.
              if (changed.overwrite !== options.overwrite) void runCheck(changed);
            }}
          />
        )}
        {page === 3 && run && <ImportStep run={run} />}
      </DialogContent>
      <DialogActions>
        {/* On the Import page there is no way back: the import runs, then Finish closes. */}
        {page < 3 && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button onClick={() => setPage(page - 1)} disabled={page === 0}>
              Back
            </Button>
          </>
        )}
        <Button variant="contained" onClick={next} disabled={!canGoOn}>
          {NEXT_LABELS[page]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
