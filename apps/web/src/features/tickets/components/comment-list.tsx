import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Comment } from '@ed/contract/tickets';
import { formatDateTime } from '../../../shared/equipment/lib/equipment-text';

const NO_COMMENTS = 'NO COMMENTS';

/** A ticket's comments, oldest first; 'NO COMMENTS' when there are none. */
export function CommentList({ comments, label }: { comments: Comment[]; label: string }) {
  if (comments.length === 0) return <Typography color="text.secondary">{NO_COMMENTS}</Typography>;
  return (
    <List dense aria-label={label}>
      {comments.map((c) => (
        <ListItem key={c.id} divider alignItems="flex-start">
          <ListItemText
            primary={c.text}
            secondary={`${c.authorUsername}, ${formatDateTime(c.createdAt)}`}
            slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
