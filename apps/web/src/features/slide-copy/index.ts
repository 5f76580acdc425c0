export { CopySlidesWizard } from './CopySlidesWizard.tsx';
