import { useState, type SyntheticEvent } from 'react';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../shared/api/http';
import { useNotice } from '../../../shared/components/notice-context';

export interface SerialSearchBoxProps {
  /**
   * Receives the upper-cased serial number; the box shows an hourglass until it settles.
   * It reports its own outcomes; a rejection is shown as a notice so that no failure goes unseen.
   */
  onSearch: (serial: string) => Promise<void>;
}

/** The top bar's serial-number search (part 1 §2). */
export function SerialSearchBox({ onSearch }: SerialSearchBoxProps) {
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const { notify } = useNotice();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const serial = text.trim().toUpperCase();
    if (searching || serial === '') return;
    setText(serial);
    setSearching(true);
    try {
      await onSearch(serial);
    } catch (error) {
      notify(errorMessage(error), 'error');
    } finally {
      setSearching(false);
    }
  };

  return (
    <Box component="form" role="search" onSubmit={(event) => void submit(event)} sx={{ width: { xs: 160, sm: 240 } }}>
      <TextField
        size="small"
        placeholder="Serial number"
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Serial number search', autoComplete: 'off', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" size="small" aria-label="Search" aria-busy={searching}>
                  {searching ? <HourglassEmpty data-testid="searching-icon" /> : <SearchIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
