/**
 * Page 1, Select Destination (spec 1 §4, §5): what to transfer — slide files (slideDownload), annotation
 * sets (transferAnnotations) — and the folder of the transfer area it goes to, chosen from a listing:
 * the path as breadcrumbs back up, the folders of the open one; a click chooses a folder, Open goes in.
 */
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import {
  TRANSFER_PERMISSION,
  TRANSFER_TEXTS,
  TRANSFER_TYPES,
  transferDisplayPath,
  type Permission,
  type TransferType,
} from '@tessera/domain';
import { useTransferFolders } from '../../api/transfers.ts';
import { messageOf } from '../../api/queries.ts';

interface Props {
  projectId: string;
  permissions: ReadonlySet<Permission>;
  slideCount: number;
  types: ReadonlySet<TransferType>;
  onTypes: (types: Set<TransferType>) => void;
  /** The folder open in the listing. */
  openPath: string;
  onOpen: (path: string) => void;
  /** The destination chosen, or null. */
  chosen: string | null;
  onChoose: (path: string) => void;
}

const segmentsOf = (path: string) => (path ? path.split('/') : []);

export function DestinationStep(props: Props) {
  const { projectId, permissions, types, openPath, chosen } = props;
  const listing = useTransferFolders(projectId, openPath);
  const segments = segmentsOf(openPath);
  const toggle = (type: TransferType, on: boolean) => {
    const next = new Set(types);
    if (on) next.add(type);
    else next.delete(type);
    props.onTypes(next);
  };
  return (
    <Stack spacing={2}>
      <Typography>
        {props.slideCount === 1
          ? 'The slide the table shows is written into a folder of the transfer area, where other systems collect it.'
          : `The ${props.slideCount.toLocaleString('en-US')} slides the table shows (its filter and search) are written into a folder of the transfer area, where other systems collect them.`}
      </Typography>
      <FormGroup row aria-label="What to transfer">
        {TRANSFER_TYPES.map((type) => {
          const isAllowed = permissions.has(TRANSFER_PERMISSION[type]);
          const control = (
            <FormControlLabel
              key={type}
              disabled={!isAllowed}
              label={TRANSFER_TEXTS.typeLabels[type]}
              control={
                <Checkbox
                  checked={isAllowed && types.has(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
              }
            />
          );
          return isAllowed ? (
            control
          ) : (
            <Tooltip key={type} title={TRANSFER_TEXTS.typeNotAllowed(type)}>
              <span>{control}</span>
            </Tooltip>
          );
        })}
      </FormGroup>
      <Breadcrumbs aria-label="Folder shown">
        {['transfer', ...segments].map((name, i) =>
          i === segments.length ? (
            <Typography key={i} color="text.primary">
              {name}
            </Typography>
          ) : (
            <Link
              key={i}
              component="button"
              type="button"
              onClick={() => props.onOpen(segments.slice(0, i).join('/'))}
            >
              {name}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Paper variant="outlined" sx={{ height: 240, overflow: 'auto' }}>
        {listing.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            <Skeleton />
            <Skeleton />
          </Stack>
        ) : listing.isError ? (
          <Alert severity="error">{messageOf(listing.error)}</Alert>
        ) : listing.data.folders.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {segments.length === 0
              ? 'The transfer area has no folders yet: an administrator makes them on the server.'
              : 'This folder has no folders in it.'}
          </Typography>
        ) : (
          <List dense aria-label="Folders">
            {listing.data.folders.map((folder) => (
              <ListItem
                key={folder.path}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Open ${folder.name}`}
                    onClick={() => props.onOpen(folder.path)}
                  >
                    <ChevronRight />
                  </IconButton>
                }
              >
                <ListItemButton
                  selected={chosen === folder.path}
                  onClick={() => props.onChoose(folder.path)}
                  onDoubleClick={() => props.onOpen(folder.path)}
                >
                  <ListItemIcon>
                    <FolderOutlined />
                  </ListItemIcon>
                  <ListItemText primary={folder.name} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Typography color={chosen === null ? 'text.secondary' : 'text.primary'} aria-live="polite">
        {chosen === null
          ? TRANSFER_TEXTS.destinationRequired
          : `Destination: ${transferDisplayPath(segmentsOf(chosen))}`}
      </Typography>
    </Stack>
  );
}
