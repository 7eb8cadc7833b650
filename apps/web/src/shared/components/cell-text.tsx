import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** Raw states such as INSTALLATION_COMPLETE may break after an underscore rather than mid-word. */
const breakable = (text: string) =>
  text.split(/(?<=_)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));

const JUSTIFY = { left: 'flex-start', right: 'flex-end', center: 'center' } as const;

const clamped = (element: HTMLElement) =>
  element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;

/**
 * A table cell's text: wraps onto a second line and is cut with an ellipsis after that, so narrow
 * columns keep a table inside the screen. When the text is cut, a tooltip shows all of it, on hover
 * and while the cell has keyboard focus. Screen readers read the whole text either way.
 */
export function CellText({
  text,
  hasFocus = false,
  align = 'left',
  children,
}: {
  text: string;
  hasFocus?: boolean;
  /** The column's alignment (numbers sit on the right). */
  align?: 'left' | 'right' | 'center';
  /** What the cell shows of `text`, a link for instance; the text itself by default. */
  children?: ReactNode;
}) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const cut = element !== null && (hovered || hasFocus) && clamped(element);
  return (
    // The outer box centres the text in the row's height; the inner one clamps it to two lines.
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: JUSTIFY[align], height: '100%', width: '100%' }}>
      <Tooltip title={text} open={cut} disableInteractive>
        <Box
          ref={setElement}
          component="span"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          sx={{
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            lineHeight: 1.3,
          }}
        >
          {children ?? breakable(text)}
        </Box>
      </Tooltip>
    </Box>
  );
}
