/** Who manages the project: up to 10 data owners and project admins (spec 1 §7 'Project admins'). */
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useProjectAdmins } from '../../api/members.ts';
import { messageOf } from '../../api/queries.ts';

export function ProjectAdminsCard({ projectId }: { projectId: string }) {
  const admins = useProjectAdmins(projectId);
  return (
    <Card>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography variant="subtitle2" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <AdminPanelSettingsOutlined fontSize="small" color="primary" />
          Project admins
        </Typography>
        {admins.isPending ? (
          [0, 1].map((i) => <Skeleton key={i} height={40} />)
        ) : admins.isError ? (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {`Project admins load failed: ${messageOf(admins.error)}`}
          </Typography>
        ) : admins.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            This project has no admins.
          </Typography>
        ) : (
          <List dense disablePadding sx={{ mt: 1 }}>
            {admins.data.map((admin) => (
              <ListItem key={admin.userId} disableGutters>
                <ListItemAvatar sx={{ minWidth: 40 }}>
                  <Avatar sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'primary.main' }}>
                    {admin.email[0]?.toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={admin.email}
                  secondary={admin.roleDisplayName}
                  slotProps={{ primary: { noWrap: true, title: admin.email, variant: 'body2' } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
