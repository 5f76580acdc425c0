export { UploadButton, UPLOAD_BUTTON_TOOLTIPS } from './UploadButton.tsx';
export { uploadQueue } from './upload-queue.ts';
