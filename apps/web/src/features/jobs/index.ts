export { JobsButton } from './JobsButton.tsx';
