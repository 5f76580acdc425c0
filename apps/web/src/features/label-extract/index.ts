export { LabelExtractWizard } from './LabelExtractWizard.tsx';
