/**
 * The user manual: the text users confirm they have read (spec 1 §2). It describes only what the
 * product does today; when a feature arrives or changes, update its section here and raise the
 * manual version (`tessera manual-version <v>`) so everyone is asked to read it again.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ROLE_DISPLAY_NAMES, type ProjectRole } from '@tessera/domain';

export interface ManualSection {
  id: string;
  title: string;
  body: ReactNode;
}

const P = ({ children }: { children: ReactNode }) => (
  <Typography variant="body1" sx={{ mb: 1.5, lineHeight: 1.7 }}>
    {children}
  </Typography>
);

const List = ({ items }: { items: ReactNode[] }) => (
  <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75, lineHeight: 1.7 } }}>
    {items.map((item, i) => (
      <Typography component="li" variant="body1" key={i}>
        {item}
      </Typography>
    ))}
  </Box>
);

const PROJECT_ROLE_SUMMARIES: [ProjectRole, string][] = [
  ['projectDataOwner', 'Everything a Project Admin can do, plus copying slides to other projects.'],
  ['projectAdmin', 'Manages the project: settings, members, slides, metadata, annotations and workflows.'],
  ['projectWrite', 'Uploads slides, edits slide metadata and annotations, runs jobs and exports.'],
  ['projectRead', 'Views slides and metadata, downloads slides and exports metadata.'],
  ['projectViewOnly', 'Views slides and metadata and exports the metadata table.'],
  ['projectDataScientist', 'Runs Predictino on the project and sees its members.'],
  ['projectExternal', 'For people outside the company: uploads slides and edits metadata and annotations.'],
  ['projectWorkflowUser', 'Works on the workflow tasks assigned to them.'],
];

function RolesTable() {
  return (
    <Table
      size="small"
      sx={{ mb: 2, border: 1, borderColor: 'divider', '& td, & th': { verticalAlign: 'top' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 180 }}>Project role</TableCell>
          <TableCell>What it allows</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {PROJECT_ROLE_SUMMARIES.map(([role, summary]) => (
          <TableRow key={role}>
            <TableCell sx={{ fontWeight: 600 }}>{ROLE_DISPLAY_NAMES[role]}</TableCell>
            <TableCell>{summary}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export const MANUAL_SECTIONS: ManualSection[] = [
  {
    id: 'signing-in',
    title: 'Signing in',
    body: (
      <>
        <P>
          Enter your e-mail address and choose <b>Continue</b>. If your organisation uses single sign-on, you
          are offered <b>Continue with</b> your organisation&apos;s sign-in service; otherwise enter your
          password. Click your e-mail address at the top of the card to start again with another one.
        </P>
        <List
          items={[
            <>
              <b>Remember me</b> keeps you signed in after the browser is closed. Leave it unticked on shared
              computers: you are then signed out when the tab closes.
            </>,
            <>
              <b>Forgot password?</b> sends a reset code to your e-mail address. Enter the code with a new
              password; you are signed in with it straight away. Single-sign-on accounts have no password in
              Tessera and do not see this link.
            </>,
            <>
              <b>First sign-in.</b> The invitation e-mail links to the first sign-in page. Sign in with the
              temporary password from the e-mail, then choose your own password.
            </>,
            <>
              <b>Expired password.</b> When your password has expired you are asked to set a new one before
              you continue.
            </>,
          ]}
        />
        <P>
          A password has 8 to 256 characters, no spaces at the start or end, and at least one number, one
          upper-case letter, one lower-case letter and one symbol (such as <code>! ? # % &amp; *</code>).
          Wherever you choose a password, a checklist ticks each of these rules as you type.
        </P>
        <P>Use the account menu at the top right to sign out.</P>
      </>
    ),
  },
  {
    id: 'two-factor',
    title: 'Two-factor authentication',
    body: (
      <>
        <P>
          Accounts can be protected with a second factor: a 6-digit code from an authenticator app on your
          phone (for example Google Authenticator or Microsoft Authenticator).
        </P>
        <List
          items={[
            <>
              <b>Setting it up.</b> When your account needs a second factor, the sign-in shows a QR code. Scan
              it with the app, or type the secret shown below it, and enter the code the app then displays.
              Copy the secret with the <b>Copy</b> button and keep it somewhere safe: you need it to move the
              second factor to a new phone.
            </>,
            <>
              <b>Every sign-in</b> then asks for the current code from the app after your password.
            </>,
            <>
              If a code is refused, wait for the next one. After too many wrong codes, or after 5 minutes, the
              sign-in starts again.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'projects',
    title: 'Projects',
    body: (
      <>
        <P>
          Everything in Tessera happens inside a project: its slides, their metadata and its members. After
          signing in you land in your current project, or in the first project you can access. If you cannot
          access any project yet, ask a manager of a project to add you, or create one.
        </P>
        <List
          items={[
            <>
              <b>Switching projects.</b> The project selector in the navigation bar lists the projects you can
              access. Filter by <b>Projects</b> (all of them) or <b>Home Projects</b>, and search by name.
              Picking a project keeps you on the same page (slides or settings) of the new project.
            </>,
            <>
              <b>Creating a project.</b> <b>Create project</b> asks for a name (3 to 70 characters, unique)
              and an optional summary (up to 1000 characters). You become the project&apos;s Data Owner and
              the project opens straight away.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'settings',
    title: 'Project settings',
    body: (
      <>
        <P>
          Open a project&apos;s settings with the <b>Settings</b> button of its slides page. The{' '}
          <b>General</b> tab holds the name, the summary, the folder ID (exactly 4 digits, or empty) and
          whether the project is a <b>home project</b>. <b>Save</b> and <b>Cancel</b> become available once
          you change something.
        </P>
        <P>
          Project Admins and Data Owners can edit the settings; marking a project as a home project needs a
          global role that allows it.
        </P>
      </>
    ),
  },
  {
    id: 'members',
    title: 'Members',
    body: (
      <>
        <P>
          The <b>Members</b> tab of the settings lists who belongs to the project and with which role.
          Everyone with a role that may see members can open it; Project Admins and Data Owners manage it.
        </P>
        <List
          items={[
            <>
              <b>Adding members:</b> search people by e-mail, select one or more, choose their role and add
              them.
            </>,
            <>
              <b>External users</b> (people outside the company) always get the External User role; internal
              users cannot be given it. Only users allowed to assign data owners can make someone a Data
              Owner.
            </>,
            <>
              <b>Changing a role:</b> pick another role in the member&apos;s row. <b>Removing members:</b>{' '}
              select them and press Delete, or use the context menu, then confirm.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'roles',
    title: 'Roles and permissions',
    body: (
      <>
        <P>
          What you can do in a project comes from your role there, together with your global roles (shown
          beside your name in the account menu). Buttons for actions your roles do not allow are hidden or
          disabled.
        </P>
        <RolesTable />
        <P>
          Global roles add to every project: for example, Internal Users can create projects and use API keys,
          while Super Users, Portal Data Admins and Support see every project.
        </P>
      </>
    ),
  },
  {
    id: 'api-keys',
    title: 'Profile and API keys',
    body: (
      <>
        <P>
          Your <b>Profile</b> (account menu) shows your e-mail address and global roles. There you can change
          your password: you give the old one and choose a new one, and every other device you were signed in
          on is signed out. Single-sign-on accounts change their password with their organisation instead.
        </P>
        <P>
          An <b>API key</b> lets scripts and tools call the Tessera API with your permissions; send it as{' '}
          <code>Authorization: Bearer &lt;key&gt;</code>.
        </P>
        <List
          items={[
            <>
              <b>Generate API key</b> creates your key and shows it <b>once</b>: copy it right away, it cannot
              be shown again.
            </>,
            <>
              <b>Regenerate API key</b> replaces your key; tools using the old key stop working.
            </>,
            <>
              For your security, generating a key needs a recent sign-in. If you signed in more than 5 minutes
              ago, you are asked for your password (and authenticator code) first.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'updates',
    title: 'Updates and availability',
    body: (
      <>
        <P>
          Tessera checks in the background whether it is up to date and reachable, and tells you when you need
          to act:
        </P>
        <List
          items={[
            <>
              <b>New version available:</b> choose <b>Refresh</b> to load it.
            </>,
            <>
              <b>User manual:</b> after the manual changes you are asked to read it and confirm with{' '}
              <b>I have read and understood the user manual</b>.
            </>,
            <>
              <b>Maintenance:</b> Tessera is being updated and will be back in a few minutes.
            </>,
            <>
              <b>Connection lost:</b> check your internet connection and refresh the page.
            </>,
          ]}
        />
      </>
    ),
  },
];
