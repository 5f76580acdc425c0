/**
 * The navigation bar's upload button and the panel it opens (spec 1 §2, §6): gated by slideUpload in the
 * current project, with the spec's tooltips when it cannot be used. Always mounted while signed in, it
 * says 'All slides uploaded, please press the refresh button' when the queue runs dry, wherever the user
 * is, and reloads the project's slide count.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import type { Project } from '@tessera/contract';
import { UPLOAD_MESSAGES } from '@tessera/domain';
import { useNotify } from '../../app/notify.tsx';
import { useProjectPermissions } from '../../app/permissions.ts';
import { queryKeys } from '../../api/queries.ts';
import { uploadQueue } from './upload-queue.ts';
import { UploadPanel } from './UploadPanel.tsx';

export function UploadButton({ project }: { project: Project | undefined }) {
  const [isOpen, setOpen] = useState(false);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const permissions = useProjectPermissions(project);
  const canUpload = permissions.has('slideUpload');

  useEffect(() => {
    uploadQueue.onDrained = () => {
      notify(UPLOAD_MESSAGES.allUploaded, 'info');
      // The counts (the project's header and the table's 'N of M'); the rows wait for Refresh.
      for (const projectId of new Set(uploadQueue.snapshot().map((e) => e.projectId))) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId), exact: true });
        void queryClient.invalidateQueries({ queryKey: queryKeys.slideCount(projectId) });
      }
    };
    return () => {
      uploadQueue.onDrained = null;
    };
  }, [notify, queryClient]);

  const title = !project
    ? UPLOAD_MESSAGES.selectProject
    : canUpload
      ? 'Upload slides'
      : UPLOAD_MESSAGES.noPermission;
  return (
    <>
      <Tooltip title={title}>
        {/* A disabled button gets no pointer events: the span keeps its tooltip. */}
        <span>
          <IconButton
            color="inherit"
            aria-label="Upload slides"
            disabled={!project || !canUpload}
            onClick={() => setOpen(true)}
          >
            <CloudUploadOutlined />
          </IconButton>
        </span>
      </Tooltip>
      {project && canUpload && (
        <UploadPanel
          open={isOpen}
          onClose={() => setOpen(false)}
          project={{ id: project.id, name: project.name }}
        />
      )}
    </>
  );
}
