/** What any unknown path shows, globally and under a project (spec 1 §8 conventions). */
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { PageMessage } from '../../ui/PageMessage.tsx';

export const INVALID_URL = 'Invalid URL';

export function InvalidUrlPage() {
  return (
    <PageMessage
      icon={<LinkOffOutlined />}
      title={INVALID_URL}
      description="There is no page at this address."
      action={
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          Go to dashboard
        </Button>
      }
    />
  );
}
