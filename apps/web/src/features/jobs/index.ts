export { JobsButton } from './JobsButton.tsx';
export { JobProgress } from './JobProgress.tsx';
export { SlideOutcomes } from './SlideOutcomes.tsx';
