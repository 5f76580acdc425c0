export { UploadButton } from './UploadButton.tsx';
export { uploadQueue } from './upload-queue.ts';
