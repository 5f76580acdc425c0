/**
 * A search box with a magnifier in front. The label doubles as placeholder and accessible name, so
 * the box needs no visible label above it.
 */
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

export function SearchField({
  label,
  ...props
}: Omit<TextFieldProps, 'label' | 'placeholder'> & { label: string }) {
  return (
    <TextField
      {...props}
      placeholder={label}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
