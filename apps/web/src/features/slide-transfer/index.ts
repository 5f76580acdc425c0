export { TransferWizard } from './TransferWizard.tsx';
