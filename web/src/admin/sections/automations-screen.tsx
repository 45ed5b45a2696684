/**
 * /admin/automations ('Automazioni', the shop's autopilot): import a product from a
 * supplier URL, start the stock sync, follow its progress and open the last runs.
 */
import Box from '@mui/material/Box';
import { AUTOMATION_MSG } from '../../../../shared/messages/admin-automations';
import { SectionPage } from '../ui/section-page';
import { ImportPanel } from '../automations/import-panel';
import { SyncPanel } from '../automations/sync-panel';

/** Default export: the lazily loaded screen of the 'automations' section. */
export default function AutomationsScreen() {
  return (
    <SectionPage title={AUTOMATION_MSG.title} description={AUTOMATION_MSG.description}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
        <ImportPanel />
        <SyncPanel />
      </Box>
    </SectionPage>
  );
}
