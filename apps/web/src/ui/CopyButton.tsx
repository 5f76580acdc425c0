/** Copies a text to the clipboard and says 'Copied' for 2000 ms (spec 1 §9 copy feedback). */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';

export const COPY_FEEDBACK_MS = 2000;

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
    } catch {
      // No clipboard permission (e.g. an insecure origin): the text stays visible for manual copying.
      setFailed(true);
    }
  };
  return (
    <Button
      size="small"
      variant={copied ? 'contained' : 'outlined'}
      color={copied ? 'success' : failed ? 'error' : 'primary'}
      startIcon={copied ? <CheckRounded /> : <ContentCopyRounded />}
      onClick={() => void copy()}
      aria-live="polite"
      sx={{ flexShrink: 0, minWidth: 96 }}
    >
      {copied ? 'Copied' : failed ? 'Copy failed' : label}
    </Button>
  );
}
