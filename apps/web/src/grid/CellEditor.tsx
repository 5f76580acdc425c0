/**
 * The inline cell editors (issue #4 point 4): text, numbers and dates typed (dates in the browser's own
 * format), controlled values chosen from the vocabulary, linked values (indication → subtype) from the
 * row's parent value, free text with suggestions, and lists of values.
 */
import { useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CELL_MESSAGES, choosableValues, linkedChoices, type FieldDescriptor } from '@tessera/domain';
import { editText } from './cell-format.ts';
import type { Row } from './row-tree.ts';

export interface CellEditorProps {
  field: FieldDescriptor;
  row: Row;
  /** A character typed to start editing replaces the value. */
  typed: string | null;
  onCommit(raw: unknown, move?: 'down' | 'right'): void;
  onCancel(): void;
}

export function CellEditor(props: CellEditorProps) {
  // An editor ends once: the blur that follows Enter, Tab or Escape (the input unmounts) is not a second commit.
  const ended = useRef(false);
  const once = {
    ...props,
    onCommit: (raw: unknown, move?: 'down' | 'right') => {
      if (ended.current) return;
      ended.current = true;
      props.onCommit(raw, move);
    },
    onCancel: () => {
      if (ended.current) return;
      ended.current = true;
      props.onCancel();
    },
  };
  const { field } = props;
  if (field.allowedValues)
    return field.primaryType === 'array' ? <ListEditor {...once} /> : <ChoiceEditor {...once} />;
  return <TextEditor {...once} />;
}

/** Room for the longest common choices ('Normal adjacent tissue') beside the open and clear buttons. */
const CHOICE_EDITOR_MIN_WIDTH = 260;

const inputSx = {
  width: '100%',
  height: '100%',
  '& .MuiInputBase-root': { height: '100%', fontSize: 13, borderRadius: 0, bgcolor: 'background.paper' },
};

function keys(props: CellEditorProps, value: () => unknown) {
  return (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      props.onCancel();
    } else if (e.key === 'Enter' && !e.defaultPrevented) {
      e.preventDefault();
      e.stopPropagation();
      props.onCommit(value(), 'down');
    } else if (e.key === 'Tab') {
      e.preventDefault();
      e.stopPropagation();
      props.onCommit(value(), 'right');
    } else e.stopPropagation();
  };
}

function TextEditor(props: CellEditorProps) {
  const { field, row, typed } = props;
  const [text, setText] = useState(typed ?? editText(field, row[field.fieldName]));
  return (
    <TextField
      autoFocus
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={keys(props, () => text)}
      onBlur={() => props.onCommit(text)}
      sx={inputSx}
      slotProps={{
        htmlInput: {
          'aria-label': `Edit ${field.headerName}`,
          onFocus: (e: React.FocusEvent<HTMLInputElement>) => typed === null && e.target.select(),
        },
      }}
    />
  );
}

/** The values the row may choose: linked ones follow the parent value; deprecated values are not offered. */
function optionsOf(field: FieldDescriptor, row: Row): { options: string[]; noOptionsText: string } {
  const allowed = field.allowedValues ?? [];
  if (field.links) {
    const parent = row[field.links.field];
    const options = linkedChoices(allowed, parent).map((v) => v.value);
    return {
      options,
      noOptionsText:
        parent === null || parent === undefined || parent === ''
          ? CELL_MESSAGES.noIndication
          : 'No choices for this indication',
    };
  }
  return { options: [...new Set(choosableValues(allowed).map((v) => v.value))], noOptionsText: 'No values' };
}

function ChoiceEditor(props: CellEditorProps) {
  const { field, row, typed } = props;
  const { options, noOptionsText } = optionsOf(field, row);
  const current = row[field.fieldName];
  const [input, setInput] = useState(typed ?? (typeof current === 'string' ? current : ''));
  const [value, setValue] = useState<string | null>(typeof current === 'string' ? current : null);
  // Free text (tumor subtype) is kept as typed; otherwise only a listed value (or empty) can be chosen.
  const result = () => (field.allowsFreeText ? input : value);
  return (
    <Autocomplete
      openOnFocus
      autoHighlight
      freeSolo={field.allowsFreeText}
      options={options}
      value={value}
      inputValue={input}
      noOptionsText={noOptionsText}
      onInputChange={(_, v) => setInput(v)}
      onChange={(_, v) => {
        setValue(v);
        props.onCommit(v ?? null);
      }}
      onBlur={() => props.onCommit(result())}
      // Wider than a narrow cell, and its list as wide as its longest value: a value is read whole, not cut.
      sx={{ ...inputSx, minWidth: CHOICE_EDITOR_MIN_WIDTH }}
      slotProps={{ paper: { sx: { width: 'max-content', minWidth: '100%', maxWidth: 480 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          size="small"
          onKeyDown={keys(props, result)}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': `Edit ${field.headerName}` } }}
        />
      )}
    />
  );
}

function ListEditor(props: CellEditorProps) {
  const { field, row } = props;
  const options = [...new Set(choosableValues(field.allowedValues ?? []).map((v) => v.value))];
  const [value, setValue] = useState<string[]>(
    Array.isArray(row[field.fieldName]) ? (row[field.fieldName] as string[]) : [],
  );
  return (
    <Box
      sx={{
        position: 'absolute',
        left: 0,
        top: 0,
        minWidth: '100%',
        zIndex: 5,
        bgcolor: 'background.paper',
        boxShadow: 3,
      }}
    >
      <Autocomplete
        multiple
        openOnFocus
        autoHighlight
        disableCloseOnSelect
        options={options}
        value={value}
        onChange={(_, v) => setValue(v)}
        onBlur={() => props.onCommit(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus
            size="small"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                props.onCancel();
              } else if (e.key === 'Enter' && e.ctrlKey) props.onCommit(value, 'down');
              else e.stopPropagation();
            }}
            slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': `Edit ${field.headerName}` } }}
          />
        )}
      />
    </Box>
  );
}
