/**
 * One bound of a channel's range as a small text input. What is typed is taken on Enter or when the
 * input loses focus (each keystroke would move the window through meaningless values); Escape, or text
 * that is not a number, goes back to the current value.
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { parseRangeText } from './equalization-draft.ts';

interface Props {
  /** The value as shown (already formatted for the channel's step). */
  value: string;
  label: string;
  onCommit: (value: number) => void;
}

export function RangeInput({ value, label, onCommit }: Props) {
  // null while the user is not typing: the input shows the current value.
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const typed = parseRangeText(text);
    setText(null);
    // The same value again changes nothing (the draft's reducer keeps its state).
    if (typed !== null) onCommit(typed);
  };
  return (
    <TextField
      size="small"
      value={text ?? value}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        else if (event.key === 'Escape' && text !== null) {
          // Only the typing is undone; the panel stays open.
          event.stopPropagation();
          setText(null);
        }
      }}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          inputMode: 'decimal',
          style: { padding: '3px 6px', fontSize: 13, textAlign: 'right' },
        },
      }}
      sx={{ width: 64 }}
    />
  );
}
