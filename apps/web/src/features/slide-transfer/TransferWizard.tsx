/**
 * The Transfer slides/annotations wizard (spec 1 §2, §4, §5, §6): 1 Select Destination (Next labelled
 * Start Transfer; moving on submits the jobs — one per kind chosen — for the slides the table shows
 * then), 2 Summary with the 15-minute notice. Start Transfer waits for a kind, a destination and slides.
 */
import { useState } from 'react';
import {
  MAX_TRANSFER_SLIDES,
  TRANSFER_PERMISSION,
  TRANSFER_TEXTS,
  TRANSFER_TYPES,
  type Permission,
  type TransferType,
} from '@tessera/domain';
import { messageOf } from '../../api/queries.ts';
import { readFilteredSlideIds, SLIDE_TABLE_MESSAGES, type TableQuery } from '../../api/slide-table.ts';
import { submitTransfer } from '../../api/transfers.ts';
import { SubmitWizardDialog } from '../../ui/SubmitWizardDialog.tsx';
import { DestinationStep } from './DestinationStep.tsx';
import { SummaryStep, type TransferSubmission } from './SummaryStep.tsx';

const PAGES = [TRANSFER_TEXTS.selectDestinationPage, TRANSFER_TEXTS.summaryPage] as const satisfies readonly [
  string,
  string,
];

interface Props {
  projectId: string;
  permissions: ReadonlySet<Permission>;
  query: TableQuery;
  slideCount: number;
  onClose: () => void;
}

export function TransferWizard({ projectId, permissions, query, slideCount, onClose }: Props) {
  // Slide files when the user may, else annotation sets.
  const [types, setTypes] = useState<Set<TransferType>>(
    () => new Set(TRANSFER_TYPES.filter((t) => permissions.has(TRANSFER_PERMISSION[t])).slice(0, 1)),
  );
  const [openPath, setOpenPath] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [submissions, setSubmissions] = useState<TransferSubmission[] | null>(null);
  const canStart = types.size > 0 && chosen !== null && slideCount > 0 && slideCount <= MAX_TRANSFER_SLIDES;

  const start = async () => {
    const chosenTypes = TRANSFER_TYPES.filter((t) => types.has(t));
    setSubmissions(chosenTypes.map((type) => ({ type, state: 'submitting' })));
    let slideIds: string[];
    try {
      slideIds = await readFilteredSlideIds(projectId, query, MAX_TRANSFER_SLIDES);
    } catch (error) {
      const message = SLIDE_TABLE_MESSAGES.readIdsFailed(messageOf(error));
      return setSubmissions(chosenTypes.map((type) => ({ type, state: 'failed', message })));
    }
    const submitted = await Promise.all(
      chosenTypes.map(async (type): Promise<TransferSubmission> => {
        try {
          const { jobId, displayPath } = await submitTransfer(projectId, {
            type,
            destinationPath: chosen!,
            slideIds,
          });
          return { type, state: 'submitted', jobId, displayPath };
        } catch (error) {
          return { type, state: 'failed', message: TRANSFER_TEXTS.submitFailed(messageOf(error)) };
        }
      }),
    );
    setSubmissions(submitted);
  };

  return (
    <SubmitWizardDialog
      titleId="transfer-title"
      title={TRANSFER_TEXTS.title}
      pages={PAGES}
      isSubmitted={submissions !== null}
      maxWidth="sm"
      start={{ label: TRANSFER_TEXTS.startTransfer, isDisabled: !canStart, onStart: () => void start() }}
      finish={{ isDisabled: !!submissions?.some((s) => s.state === 'submitting'), onFinish: onClose }}
      onCancel={onClose}
    >
      {submissions === null ? (
        <DestinationStep
          projectId={projectId}
          permissions={permissions}
          slideCount={slideCount}
          types={types}
          onTypes={setTypes}
          openPath={openPath}
          onOpen={(path) => {
            setOpenPath(path);
            setChosen(path || null);
          }}
          chosen={chosen}
          onChoose={setChosen}
        />
      ) : (
        <SummaryStep projectId={projectId} submissions={submissions} />
      )}
    </SubmitWizardDialog>
  );
}
