import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { ChatsPanel } from './chats-panel';
import { StatisticsPanel } from './statistics-panel';

type AiTab = 'statistics' | 'chats';

/** AIKnow: the assistant's Statistics and Chats; the tab is in the address (?tab=chats). */
export function AiKnowPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'chats' ? 'chats' : 'statistics';
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, value: AiTab) => setParams({ tab: value }, { replace: true })}
        aria-label="AI assistant"
        sx={{ mb: 2 }}
      >
        <Tab value="statistics" label="Statistics" id="ai-tab-statistics" aria-controls="ai-panel" />
        <Tab value="chats" label="Chats" id="ai-tab-chats" aria-controls="ai-panel" />
      </Tabs>
      <Box role="tabpanel" id="ai-panel" aria-labelledby={`ai-tab-${tab}`}>
        {tab === 'statistics' ? <StatisticsPanel /> : <ChatsPanel />}
      </Box>
    </Box>
  );
}
