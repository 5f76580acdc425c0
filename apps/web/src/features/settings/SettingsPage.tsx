/**
 * /projects/{projectId}/settings (spec 1 §2): the General and Members tabs, and the project's annotation
 * classes (issue #13), chosen by the URL hash.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab, { type TabProps } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { ProjectHeader, useCurrentProject } from '../projects/index.ts';
import { MembersTab } from '../members/index.ts';
import { AnnotationClassesTab } from './AnnotationClassesTab.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { MEMBERS_NOT_ALLOWED, settingsTabOf, type SettingsTab } from './settings-tabs.ts';

export function SettingsPage() {
  const { project, permissions } = useCurrentProject();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const canViewMembers = permissions.has('projectMembersView');
  const tab = settingsTabOf(hash, canViewMembers);

  useEffect(() => {
    if (tab === null) navigate({ hash: '#general' }, { replace: true });
  }, [tab, navigate]);

  const open = (next: SettingsTab) => navigate({ hash: `#${next}` });
  return (
    <>
      <ProjectHeader project={project} title="Project settings" />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tabs
            value={tab ?? 'general'}
            onChange={(_, next: SettingsTab) => open(next)}
            aria-label="Project settings"
          >
            <Tab
              value="general"
              label="General"
              icon={<TuneOutlined fontSize="small" />}
              iconPosition="start"
              id="tab-general"
              aria-controls="panel-general"
            />
            {canViewMembers ? (
              <Tab
                value="members"
                label="Members"
                icon={<GroupOutlined fontSize="small" />}
                iconPosition="start"
                id="tab-members"
                aria-controls="panel-members"
              />
            ) : (
              <TabWithReason
                value="members"
                label="Members"
                icon={<GroupOutlined fontSize="small" />}
                iconPosition="start"
                reason={MEMBERS_NOT_ALLOWED}
              />
            )}
            <Tab
              value="classes"
              label="Annotation classes"
              icon={<CategoryOutlined fontSize="small" />}
              iconPosition="start"
              id="tab-classes"
              aria-controls="panel-classes"
            />
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`panel-${tab ?? 'general'}`} aria-labelledby={`tab-${tab ?? 'general'}`}>
          {tab === 'members' ? (
            <MembersTab />
          ) : tab === 'classes' ? (
            <AnnotationClassesTab key={project.id} />
          ) : (
            <GeneralTab key={project.id} />
          )}
        </Box>
      </Paper>
    </>
  );
}

/**
 * A disabled tab that says why. Disabled elements get no pointer events, so the tooltip sits on a
 * wrapper; the props Tabs gives its children are passed on to the Tab itself.
 */
function TabWithReason({ reason, ...props }: TabProps & { reason: string }) {
  return (
    <Tooltip title={reason}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <Tab {...props} disabled />
      </Box>
    </Tooltip>
  );
}
